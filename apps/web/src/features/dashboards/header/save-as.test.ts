import { describe, expect, it } from 'vitest';
import { copyBody, copyTitle } from './save-as';

describe('save as', () => {
  it('offers the title with [copy]', () => {
    expect(copyTitle('Sales')).toBe('Sales [copy]');
    expect(copyTitle('')).toBe('[ untitled dashboard ] [copy]');
  });

  it('sends the layout on screen as json_metadata.positions with the version key', () => {
    const body = copyBody({
      title: ' Sales 2 ',
      css: '.a {}',
      metadata: { color_scheme: 'bnbColors' },
      layout: { ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [] } },
      duplicateCharts: true,
    });
    expect(body.dashboard_title).toBe('Sales 2');
    expect(body.duplicate_slices).toBe(true);
    expect(JSON.parse(body.json_metadata)).toEqual({
      color_scheme: 'bnbColors',
      positions: {
        ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [] },
        DASHBOARD_VERSION_KEY: 'v2',
      },
    });
  });
});
