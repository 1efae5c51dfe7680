import { PASSWORD_MASK } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../types';
import { backendOfUri, engineOfUri } from './engine-of-uri';
import { backendDisplayName, engineDisplayName } from './engine-names';
import { getUriPassword, replaceUriPassword } from './uri-password';

describe('getUriPassword', () => {
  it('returns the decoded password', () => {
    expect(getUriPassword('postgresql://u:p%40ss@h/db')).toBe('p@ss');
    expect(getUriPassword('mysql://u:@h/db')).toBe('');
  });

  it('returns null without a password or for non-URIs', () => {
    expect(getUriPassword('postgresql://u@h/db')).toBeNull();
    expect(getUriPassword('postgresql://h/db')).toBeNull();
    expect(getUriPassword('sqlite:////tmp/a@b.db')).toBeNull();
    expect(getUriPassword('garbage')).toBeNull();
  });
});

describe('replaceUriPassword', () => {
  it('masks the password and keeps the rest of the URI', () => {
    expect(replaceUriPassword('postgresql://alice:secret@h:5432/db?sslmode=require', PASSWORD_MASK)).toBe(
      `postgresql://alice:${PASSWORD_MASK}@h:5432/db?sslmode=require`,
    );
  });

  it('strips the password but keeps the username', () => {
    expect(replaceUriPassword('mysql+pymysql://root:pw@h/db', null)).toBe('mysql+pymysql://root@h/db');
    expect(replaceUriPassword('postgresql://:pw@h/db', null)).toBe('postgresql://h/db');
  });

  it('percent-encodes a new password so it round-trips', () => {
    const uri = replaceUriPassword('postgresql://u@h/db', 'p@ss/w:rd?');
    expect(uri).toBe('postgresql://u:p%40ss%2Fw%3Ard%3F@h/db');
    expect(getUriPassword(uri)).toBe('p@ss/w:rd?');
  });

  it('adds a password where there was none', () => {
    expect(replaceUriPassword('postgresql://u@h/db', 'x')).toBe('postgresql://u:x@h/db');
  });

  it('leaves file URIs and non-URIs alone when stripping', () => {
    expect(replaceUriPassword('sqlite:////tmp/x.db', null)).toBe('sqlite:////tmp/x.db');
    expect(replaceUriPassword('garbage', PASSWORD_MASK)).toBe('garbage');
  });

  it('swapping the mask in and the real password back gives the original', () => {
    const original = 'postgresql://u:r%C3%A9al@h/db';
    const masked = replaceUriPassword(original, PASSWORD_MASK);
    const secret = getUriPassword(original);
    expect(replaceUriPassword(masked, secret)).toBe(original);
  });
});

describe('engine helpers', () => {
  it('names the engine of a URI', () => {
    expect(engineOfUri('postgres://h/db')).toBe('postgresql');
    expect(engineOfUri('mariadb://h/db')).toBe('mysql');
    expect(backendOfUri('mariadb+mariadbconnector://h/db')).toBe('mariadb');
    expect(engineOfUri('sqlite://')).toBe('sqlite');
    expect(engineOfUri('duckdb:///:memory:')).toBe('duckdb');
  });

  it('throws CONNECTION_MISSING_PARAMETERS_ERROR for unknown schemes', () => {
    expect(() => engineOfUri('mssql://h/db')).toThrow(ConnectorError);
    try {
      engineOfUri('nope');
    } catch (error) {
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).kind).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
    }
  });

  it('gives display names', () => {
    expect(engineDisplayName('postgresql')).toBe('PostgreSQL');
    expect(engineDisplayName('mysql')).toBe('MySQL');
    expect(engineDisplayName('sqlite')).toBe('SQLite');
    expect(engineDisplayName('duckdb')).toBe('DuckDB');
    expect(backendDisplayName('mariadb')).toBe('MariaDB');
  });
});
