import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { withId, type Migration } from './helpers';

/**
 * Superset's annotation layers: a named `annotation_layer` holding `annotation` rows (a short
 * description over a time span). Charts name a layer by id in their `annotation_layers` form data;
 * the chart-data API reads its annotations. Times are UTC ISO text, so text order is time order.
 */
export const annotationLayersMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('annotation_layer'), dialect)
      .addColumn('name', 'varchar(250)', (col) => col.notNull().unique())
      .addColumn('descr', 'text')
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    await withId(db.schema.createTable('annotation'), dialect)
      // No cascade: like Superset, a layer that still holds annotations cannot be deleted.
      .addColumn('layer_id', 'integer', (col) => col.notNull().references('annotation_layer.id'))
      .addColumn('short_descr', 'varchar(500)', (col) => col.notNull())
      .addColumn('long_descr', 'text')
      .addColumn('start_dttm', 'text', (col) => col.notNull())
      .addColumn('end_dttm', 'text', (col) => col.notNull())
      .addColumn('json_metadata', 'text')
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .addUniqueConstraint('annotation_layer_short_descr_uq', ['layer_id', 'short_descr'])
      .execute();
    await db.schema
      .createIndex('annotation_layer_time_idx')
      .on('annotation')
      .columns(['layer_id', 'start_dttm', 'end_dttm'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('annotation').execute();
    await db.schema.dropTable('annotation_layer').execute();
  },
};
