import { PASSWORD_MASK, type Database } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import {
  databaseFormFrom,
  extraFlagOf,
  withExtraFlag,
  emptyDatabaseForm,
  extraJsonError,
  toCreatePayload,
  toTestConnectionPayload,
  toUpdatePayload,
} from './database-form';

const stored: Database = {
  id: 3,
  uuid: 'u-3',
  database_name: 'warehouse',
  sqlalchemy_uri: `postgresql://app:${PASSWORD_MASK}@db:5432/wh`,
  backend: 'postgresql',
  engine_name: 'PostgreSQL',
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  disable_data_preview: false,
  allows_subquery: true,
  allow_multi_catalog: false,
  extra: '{"engine_params": {}}',
  cache_timeout: null,
  force_ctas_schema: null,
  created_by: null,
  changed_on: '2025-01-01T00:00:00',
  changed_on_delta_humanized: 'a day ago',
};

describe('extraJsonError', () => {
  it('accepts a JSON object or a blank text', () => {
    expect(extraJsonError('{"a": 1}')).toBeUndefined();
    expect(extraJsonError('   ')).toBeUndefined();
  });

  it('rejects invalid JSON and JSON that is not an object', () => {
    expect(extraJsonError('{nope')).toMatch(/^Extra is not valid JSON/);
    expect(extraJsonError('[1]')).toBe('Extra must be a JSON object');
    expect(extraJsonError('null')).toBe('Extra must be a JSON object');
  });
});

describe('toCreatePayload', () => {
  it('builds a DatabaseCreate with defaults filled by the contract', () => {
    const result = toCreatePayload({
      ...emptyDatabaseForm(),
      database_name: ' examples ',
      sqlalchemy_uri: 'duckdb:///x.duckdb',
      extra: '',
    });
    expect(result).toEqual({
      ok: true,
      payload: expect.objectContaining({
        database_name: 'examples',
        sqlalchemy_uri: 'duckdb:///x.duckdb',
        expose_in_sqllab: true,
        extra: '{}',
        cache_timeout: null,
      }) as unknown,
    });
  });

  it('reports contract violations per field', () => {
    const result = toCreatePayload({
      ...emptyDatabaseForm(),
      database_name: '',
      sqlalchemy_uri: 'sqlite://',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors)).toEqual(['database_name']);
  });
});

describe('toUpdatePayload', () => {
  it('leaves out an unchanged (masked) URI', () => {
    const result = toUpdatePayload({ ...databaseFormFrom(stored), allow_dml: true }, stored);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.payload).not.toHaveProperty('sqlalchemy_uri');
      expect(result.payload.allow_dml).toBe(true);
    }
  });

  it('sends an edited URI', () => {
    const uri = 'postgresql://app:secret@db:5432/other';
    const result = toUpdatePayload({ ...databaseFormFrom(stored), sqlalchemy_uri: uri }, stored);
    expect(result.ok && result.payload.sqlalchemy_uri).toBe(uri);
  });
});

describe('toTestConnectionPayload', () => {
  it('sends the id and the URI as shown when editing', () => {
    const result = toTestConnectionPayload(databaseFormFrom(stored), stored.id);
    expect(result).toEqual({
      ok: true,
      payload: {
        sqlalchemy_uri: stored.sqlalchemy_uri,
        database_name: 'warehouse',
        extra: stored.extra,
        id: 3,
      },
    });
  });

  it('needs a URI', () => {
    expect(toTestConnectionPayload(emptyDatabaseForm(), undefined).ok).toBe(false);
  });
});

describe('flags kept in extra', () => {
  it('reads disable_drill_to_detail from the extra JSON', () => {
    expect(extraFlagOf('{"disable_drill_to_detail": true}', 'disable_drill_to_detail')).toBe(true);
    expect(extraFlagOf('', 'disable_drill_to_detail')).toBe(false);
    expect(extraFlagOf('{"disable_drill_to_detail": "yes"}', 'disable_drill_to_detail')).toBe(false);
    expect(extraFlagOf('{not json', 'disable_drill_to_detail')).toBeNull();
  });

  it('sets or drops the flag and keeps the other keys', () => {
    const on = withExtraFlag('{"engine_params": {"a": 1}}', 'disable_drill_to_detail', true);
    expect(JSON.parse(on)).toEqual({ engine_params: { a: 1 }, disable_drill_to_detail: true });
    expect(JSON.parse(withExtraFlag(on, 'disable_drill_to_detail', false))).toEqual({
      engine_params: { a: 1 },
    });
    expect(withExtraFlag('{not json', 'disable_drill_to_detail', true)).toBe('{not json');
  });
});
