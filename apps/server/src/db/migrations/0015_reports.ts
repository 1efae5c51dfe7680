import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { flag, withId, type Migration } from './helpers';

/**
 * Alerts and reports (reference §10): the schedules, their owners and recipients, and one execution log
 * row per run. The log's unique (report_schedule_id, scheduled_dttm) lets exactly one executor claim a
 * scheduled instant, however many beats and workers run. Charts, dashboards and databases a schedule
 * names are not cascaded: deleting them is refused while a schedule points at them (as Superset does).
 */
export const reportsMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('report_schedule'), dialect)
      .addColumn('type', 'varchar(50)', (col) => col.notNull())
      .addColumn('name', 'varchar(150)', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('context_markdown', 'text')
      .addColumn('active', 'integer', (col) => flag(col, 1))
      .addColumn('crontab', 'varchar(1000)', (col) => col.notNull())
      .addColumn('timezone', 'varchar(100)', (col) => col.notNull().defaultTo('UTC'))
      .addColumn('creation_method', 'varchar(255)', (col) => col.notNull().defaultTo('alerts_reports'))
      .addColumn('sql', 'text')
      .addColumn('chart_id', 'integer', (col) => col.references('slices.id'))
      .addColumn('dashboard_id', 'integer', (col) => col.references('dashboards.id'))
      .addColumn('database_id', 'integer', (col) => col.references('databases.id'))
      .addColumn('email_subject', 'varchar(255)')
      .addColumn('report_format', 'varchar(50)', (col) => col.notNull().defaultTo('PNG'))
      .addColumn('validator_type', 'varchar(100)')
      .addColumn('validator_config_json', 'text')
      .addColumn('log_retention', 'integer', (col) => col.notNull().defaultTo(90))
      .addColumn('grace_period', 'integer', (col) => col.notNull().defaultTo(14_400))
      .addColumn('working_timeout', 'integer', (col) => col.notNull().defaultTo(3600))
      .addColumn('force_screenshot', 'integer', (col) => flag(col, 0))
      .addColumn('custom_width', 'integer')
      .addColumn('extra_json', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('last_eval_dttm', 'text')
      .addColumn('last_state', 'varchar(50)')
      .addColumn('last_value', 'double precision')
      .addColumn('last_value_row_json', 'text')
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .addUniqueConstraint('report_schedule_name_type_uq', ['name', 'type'])
      .execute();
    await db.schema
      .createIndex('report_schedule_chart_idx')
      .on('report_schedule')
      .column('chart_id')
      .execute();
    await db.schema
      .createIndex('report_schedule_dashboard_idx')
      .on('report_schedule')
      .column('dashboard_id')
      .execute();
    await db.schema
      .createIndex('report_schedule_database_idx')
      .on('report_schedule')
      .column('database_id')
      .execute();

    await withId(db.schema.createTable('report_schedule_owner'), dialect)
      .addColumn('report_schedule_id', 'integer', (col) =>
        col.notNull().references('report_schedule.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addUniqueConstraint('report_schedule_owner_pair_uq', ['report_schedule_id', 'user_id'])
      .execute();

    await withId(db.schema.createTable('report_recipient'), dialect)
      .addColumn('report_schedule_id', 'integer', (col) =>
        col.notNull().references('report_schedule.id').onDelete('cascade'),
      )
      .addColumn('type', 'varchar(50)', (col) => col.notNull())
      .addColumn('recipient_config_json', 'text', (col) => col.notNull())
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('report_recipient_schedule_idx')
      .on('report_recipient')
      .column('report_schedule_id')
      .execute();

    await withId(db.schema.createTable('report_execution_log'), dialect)
      .addColumn('uuid', 'varchar(36)', (col) => col.notNull().unique())
      .addColumn('report_schedule_id', 'integer', (col) =>
        col.notNull().references('report_schedule.id').onDelete('cascade'),
      )
      .addColumn('scheduled_dttm', 'text', (col) => col.notNull())
      .addColumn('start_dttm', 'text')
      .addColumn('end_dttm', 'text')
      .addColumn('value', 'double precision')
      .addColumn('value_row_json', 'text')
      .addColumn('state', 'varchar(50)', (col) => col.notNull())
      .addColumn('error_message', 'text')
      .addUniqueConstraint('report_execution_log_instant_uq', ['report_schedule_id', 'scheduled_dttm'])
      .execute();
    await db.schema
      .createIndex('report_execution_log_state_idx')
      .on('report_execution_log')
      .columns(['state', 'start_dttm'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('report_execution_log').execute();
    await db.schema.dropTable('report_recipient').execute();
    await db.schema.dropTable('report_schedule_owner').execute();
    await db.schema.dropTable('report_schedule').execute();
  },
};
