import { describe, expect, it } from 'vitest';
import { classifyScript } from './classify';
import { findDeniedFunctions } from './deny-list';
import { decodeUnicodeEscapes, lexRefusal, tokenize } from './lexer';

const values = (sql: string, engine: 'postgresql' | 'mysql' | 'sqlite' | 'duckdb') =>
  tokenize(sql, engine).tokens.map((t) => `${t.kind}:${t.value}`);

describe('PostgreSQL Unicode escapes (issue 9, item 1)', () => {
  it('decodes U& names with the default escape and with UESCAPE', () => {
    expect(values('U&"pg\\005fread\\005ffile"(1)', 'postgresql')).toEqual([
      'quoted:pg_read_file',
      'punct:(',
      'number:1',
      'punct:)',
    ]);
    expect(values(`u&"pg!005fread!+00005Ffile" UESCAPE '!' (1)`, 'postgresql')[0]).toBe(
      'quoted:pg_read_file',
    );
    expect(values(`U&"a!!b" /* c */ uescape\n'!'`, 'postgresql')).toEqual(['quoted:a!b']);
    expect(values(`U&'d\\0061ta'`, 'postgresql')).toEqual([`string:U&'d\\0061ta'`]);
  });

  it('refuses invalid escapes and UESCAPE clauses', () => {
    for (const sql of [
      'SELECT U&"\\00zz"',
      'SELECT U&"\\+11FFFF"',
      `SELECT U&"x" UESCAPE 'a'`,
      `SELECT U&"x" UESCAPE '+'`,
      `SELECT U&"x" UESCAPE 1`,
      `SELECT U&"x" UESCAPE 'ab'`,
    ]) {
      expect(tokenize(sql, 'postgresql').refusal, sql).not.toBeNull();
      expect(classifyScript(sql, 'postgresql').readOnly, sql).toBe(false);
    }
    expect(decodeUnicodeEscapes('\\0041\\+01F600', '\\')).toBe('A😀');
    expect(decodeUnicodeEscapes('\\0000', '\\')).toBeNull();
  });

  it('lets the deny-list see through escapes, case, quoting and schema qualification', () => {
    for (const sql of [
      `SELECT U&"pg\\005fread\\005ffile"('/etc/passwd')`,
      `SELECT U&"pg!005fread!005ffile" UESCAPE '!' ('/etc/passwd')`,
      `SELECT "PG_READ_FILE"('/etc/passwd')`,
      `SELECT pg_catalog.pg_read_file('/etc/passwd')`,
      `SELECT "pg_catalog"."pg_read_file"('/etc/passwd')`,
      `SELECT "pg_catalog".U&"pg\\005Fread\\005Ffile"('/etc/passwd')`,
    ]) {
      expect(findDeniedFunctions(sql, 'postgresql'), sql).toContain('pg_read_file');
    }
    expect(findDeniedFunctions(`SELECT U&"dblink\\005fexec"('x', 'y')`, 'postgresql')).toContain(
      'dblink_exec',
    );
    expect(
      findDeniedFunctions(`SELECT U&"query\\005Fto\\005Fxml"('x', true, true, '')`, 'postgresql'),
    ).toContain('query_to_xml');
  });

  it('reads E strings, dollar quotes and nested comments as PostgreSQL does', () => {
    expect(values(`SELECT E'\\'', 1`, 'postgresql')).toEqual([
      'word:SELECT',
      `string:E'\\''`,
      'punct:,',
      'number:1',
    ]);
    expect(values('SELECT $q$ pg_read_file( $q$', 'postgresql')).toEqual([
      'word:SELECT',
      'string:$q$ pg_read_file( $q$',
    ]);
    expect(values('SELECT /* a /* b */ pg_read_file( */ 1', 'postgresql')).toEqual([
      'word:SELECT',
      'number:1',
    ]);
  });
});

describe('MySQL/MariaDB executable comments (issue 9, item 2)', () => {
  it('refuses /*! and /*M! comments in every form', () => {
    for (const sql of [
      `SELECT 1 /*!99999 ' */ INTO OUTFILE '/tmp/x' -- ' */`,
      'SELECT 1 /*!50000 , 2 */',
      'SELECT 1 /*! , 2 */',
      'SELECT 1 /*M! , 2 */',
      'SELECT 1 /*M!100000 , 2 */',
      '/*!DROP TABLE x*/',
    ]) {
      expect(lexRefusal(sql, 'mysql'), sql).not.toBeNull();
      expect(findDeniedFunctions(sql, 'mysql'), sql).toContain('executable comment /*! */');
      expect(classifyScript(sql, 'mysql').readOnly, sql).toBe(false);
    }
  });

  it('keeps ordinary comments, strings holding the marker and other engines alone', () => {
    expect(lexRefusal(`SELECT '/*!50000' /* ! */`, 'mysql')).toBeNull();
    expect(lexRefusal('SELECT 1 /*+ hint */', 'mysql')).toBeNull();
    expect(lexRefusal('SELECT 1 /*!50000 x */', 'postgresql')).toBeNull();
  });

  it('reads # comments and backslash escapes as MySQL does', () => {
    expect(values(`SELECT 'a\\'' # ' , load_file('x')`, 'mysql')).toEqual(['word:SELECT', `string:'a\\''`]);
    expect(findDeniedFunctions(`SELECT 'a\\'', load_file('/etc/passwd') -- '`, 'mysql')).toContain(
      'load_file',
    );
    expect(values('SELECT 1--1', 'mysql')).toEqual([
      'word:SELECT',
      'number:1',
      'operator:-',
      'operator:-',
      'number:1',
    ]);
  });
});
