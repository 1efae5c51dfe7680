import { describe, expect, it } from 'vitest';
import {
  createQueryEditor,
  editorDefaultsFromConf,
  NEW_EDITOR_SQL,
  newEditorSql,
  newEditorTitle,
  NOT_PERSISTED_NOTE,
} from './editor-defaults';
import { newClientQueryId, newLocalId } from './ids';
import { DEFAULT_EDITOR_NAME } from './persistence-constants';

describe('newEditorTitle', () => {
  it('is one more than the highest number among Untitled Query N titles', () => {
    expect(newEditorTitle([])).toBe('Untitled Query 1');
    expect(newEditorTitle(['Sales', 'Untitled query 9', 'Untitled Query x'])).toBe('Untitled Query 1');
    expect(newEditorTitle(['Untitled Query 2', 'Untitled Query 10', 'Copy of Untitled Query 40'])).toBe(
      'Untitled Query 11',
    );
  });
});

describe('editorDefaultsFromConf', () => {
  it('takes DEFAULT_SQLLAB_LIMIT and SQLLAB_DEFAULT_DBID', () => {
    expect(editorDefaultsFromConf({ DEFAULT_SQLLAB_LIMIT: 250, SQLLAB_DEFAULT_DBID: 4 }, [1, 2])).toEqual({
      queryLimit: 250,
      dbId: 4,
    });
  });

  it('falls back to the lowest database id, the contract default limit, or no database', () => {
    expect(editorDefaultsFromConf({ SQLLAB_DEFAULT_DBID: null }, [9, 3, 5])).toEqual({
      queryLimit: 1000,
      dbId: 3,
    });
    expect(editorDefaultsFromConf({ DEFAULT_SQLLAB_LIMIT: 'lots', SQLLAB_DEFAULT_DBID: -1 }, [])).toEqual({
      queryLimit: 1000,
      dbId: null,
    });
  });
});

describe('new tab content', () => {
  it('adds a note above the template only without backend persistence', () => {
    expect(newEditorSql(true)).toBe(NEW_EDITOR_SQL);
    expect(newEditorSql(false)).toBe(`${NOT_PERSISTED_NOTE}${NEW_EDITOR_SQL}`);
  });

  it('builds a complete version 1 editor with the default name', () => {
    const editor = createQueryEditor({ id: 'x' }, 5);
    expect(editor).toMatchObject({
      id: 'x',
      name: DEFAULT_EDITOR_NAME,
      version: 1,
      updatedAt: 5,
      loaded: true,
    });
    expect(editor.cursorPosition).toEqual({ row: 0, column: 0 });
  });
});

describe('ids', () => {
  it('makes 11-character url-safe ids that differ', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientQueryId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(newLocalId()).toHaveLength(11);
  });
});
