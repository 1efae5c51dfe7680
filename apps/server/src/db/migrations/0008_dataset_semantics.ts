import { sql, type Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { flag, withId, type Migration } from './helpers';

/**
 * The semantic layer of datasets: per-column presentation and calculated columns, dataset-level
 * Explore settings, saved metrics, and owners (Superset's sqlatable_user).
 */
export const datasetSemanticsMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await db.schema.alterTable('dataset_columns').addColumn('verbose_name', 'varchar(1024)').execute();
    // SQL of a calculated column; null for a column of the table or query.
    await db.schema.alterTable('dataset_columns').addColumn('expression', 'text').execute();
    await db.schema
      .alterTable('dataset_columns')
      .addColumn('groupby', 'integer', (col) => flag(col, 1))
      .execute();
    await db.schema
      .alterTable('dataset_columns')
      .addColumn('filterable', 'integer', (col) => flag(col, 1))
      .execute();
    await db.schema.alterTable('dataset_columns').addColumn('description', 'text').execute();
    await db.schema.alterTable('dataset_columns').addColumn('python_date_format', 'varchar(255)').execute();
    await db.schema.alterTable('dataset_columns').addColumn('advanced_data_type', 'varchar(255)').execute();
    await db.schema
      .alterTable('dataset_columns')
      .addColumn('is_active', 'integer', (col) => flag(col, 1))
      .execute();

    await db.schema.alterTable('datasets').addColumn('main_dttm_col', 'varchar(255)').execute();
    await db.schema.alterTable('datasets').addColumn('cache_timeout', 'integer').execute();
    await db.schema.alterTable('datasets').addColumn('description', 'text').execute();
    await db.schema.alterTable('datasets').addColumn('default_endpoint', 'text').execute();
    await db.schema
      .alterTable('datasets')
      .addColumn('offset', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('datasets')
      .addColumn('filter_select_enabled', 'integer', (col) => flag(col, 1))
      .execute();
    await db.schema.alterTable('datasets').addColumn('fetch_values_predicate', 'text').execute();
    // JSON object text (certification, warning_markdown, …).
    await db.schema.alterTable('datasets').addColumn('extra', 'text').execute();
    await db.schema
      .alterTable('datasets')
      .addColumn('always_filter_main_dttm', 'integer', (col) => flag(col, 0))
      .execute();
    await db.schema
      .alterTable('datasets')
      .addColumn('normalize_columns', 'integer', (col) => flag(col, 0))
      .execute();

    await withId(db.schema.createTable('dataset_metrics'), dialect)
      .addColumn('dataset_id', 'integer', (col) =>
        col.notNull().references('datasets.id').onDelete('cascade'),
      )
      .addColumn('metric_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('verbose_name', 'varchar(1024)')
      .addColumn('metric_type', 'varchar(32)')
      .addColumn('expression', 'text', (col) => col.notNull())
      .addColumn('d3format', 'varchar(128)')
      .addColumn('currency', 'varchar(255)')
      .addColumn('description', 'text')
      .addColumn('certified_by', 'varchar(255)')
      .addColumn('certification_details', 'text')
      .addColumn('warning_text', 'text')
      .addColumn('extra', 'text')
      .execute();
    await db.schema
      .createIndex('dataset_metrics_dataset_name_idx')
      .on('dataset_metrics')
      .columns(['dataset_id', 'metric_name'])
      .unique()
      .execute();

    await db.schema
      .createTable('dataset_owners')
      .addColumn('dataset_id', 'integer', (col) =>
        col.notNull().references('datasets.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('dataset_owners_pk', ['dataset_id', 'user_id'])
      .execute();
    await db.schema.createIndex('dataset_owners_user_idx').on('dataset_owners').column('user_id').execute();
    // Datasets made before owners existed belong to their creator.
    await sql`insert into dataset_owners (dataset_id, user_id)
      select id, created_by_fk from datasets where created_by_fk is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('dataset_owners').execute();
    await db.schema.dropTable('dataset_metrics').execute();
    for (const column of [
      'main_dttm_col',
      'cache_timeout',
      'description',
      'default_endpoint',
      'offset',
      'filter_select_enabled',
      'fetch_values_predicate',
      'extra',
      'always_filter_main_dttm',
      'normalize_columns',
    ]) {
      await db.schema.alterTable('datasets').dropColumn(column).execute();
    }
    for (const column of [
      'verbose_name',
      'expression',
      'groupby',
      'filterable',
      'description',
      'python_date_format',
      'advanced_data_type',
      'is_active',
    ]) {
      await db.schema.alterTable('dataset_columns').dropColumn(column).execute();
    }
  },
};
