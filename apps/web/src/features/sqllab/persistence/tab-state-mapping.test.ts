import { describe, expect, it } from 'vitest';
import { tableSchemaToTable } from './tab-state-mapping';

const dict = (description: Record<string, unknown>) => ({
  id: 90,
  tab_state_id: 41,
  database_id: 1,
  catalog: null,
  schema: 'main',
  table: 'sales',
  description,
  expanded: true,
});

describe('tableSchemaToTable', () => {
  it("restores the panel's data preview from its stored description (issue #10)", () => {
    expect(tableSchemaToTable(dict({ dataPreviewQueryId: 'preview0001' }))).toMatchObject({
      id: '90',
      queryEditorId: '41',
      name: 'sales',
      dataPreviewQueryId: 'preview0001',
      inLocalStorage: false,
    });
  });

  it('has no preview when the description holds none or a bad one', () => {
    expect(tableSchemaToTable(dict({})).dataPreviewQueryId).toBeNull();
    expect(tableSchemaToTable(dict({ dataPreviewQueryId: 7 })).dataPreviewQueryId).toBeNull();
    expect(tableSchemaToTable(dict({ dataPreviewQueryId: '' })).dataPreviewQueryId).toBeNull();
  });
});
