import { describe, expect, it } from 'vitest';
import { sampleLayout, withMeta } from '../layout-ops/fixtures.test-helpers';
import {
  buildSaveBody,
  LAYOUT_TOO_LARGE,
  needsOverwriteConfirmation,
  positionJsonOf,
  SAVE_FORBIDDEN,
  saveFailureMessage,
} from './dashboard-save';

describe('dashboard save', () => {
  it('sends the layout with its version key, the metadata and the CSS', () => {
    const result = buildSaveBody({
      layout: sampleLayout(),
      metadata: { color_scheme: 'x' },
      css: '.a{}',
      properties: null,
    });
    if ('error' in result) throw new Error(result.error);
    expect(JSON.parse(result.body.position_json ?? '{}')).toMatchObject({
      DASHBOARD_VERSION_KEY: 'v2',
      GRID_ID: { type: 'GRID' },
    });
    expect(result.body.json_metadata).toBe('{"color_scheme":"x"}');
    expect(result.body.css).toBe('.a{}');
    expect(result.body.dashboard_title).toBeUndefined();
  });

  it('takes the title, slug, owners and metadata from applied properties', () => {
    const result = buildSaveBody({
      layout: sampleLayout(),
      metadata: { color_scheme: 'x' },
      css: '',
      properties: {
        dashboard_title: 'Sales',
        slug: null,
        owners: [1],
        certified_by: null,
        certification_details: null,
        json_metadata: { refresh_frequency: 60 },
      },
    });
    expect(result).toMatchObject({
      body: { dashboard_title: 'Sales', slug: null, owners: [1], json_metadata: '{"refresh_frequency":60}' },
    });
    expect('body' in result && 'roles' in result.body).toBe(false);
  });

  it('refuses a layout over the position data limit', () => {
    const layout = sampleLayout();
    const big = withMeta(layout, 'CHART-1', {
      chartId: 1,
      width: 4,
      height: 50,
      sliceName: 'x'.repeat(70_000),
    });
    expect(buildSaveBody({ layout: big, metadata: {}, css: '', properties: null })).toEqual({
      error: LAYOUT_TOO_LARGE,
    });
    expect(positionJsonOf(layout).length).toBeLessThan(65_535);
  });

  it('asks to confirm when the server copy is newer', () => {
    expect(needsOverwriteConfirmation('2026-11-25T10:00:00', '2026-11-25T10:00:00')).toBe(false);
    expect(needsOverwriteConfirmation('2026-11-25T10:00:00', '2026-11-25T10:05:00')).toBe(true);
    expect(needsOverwriteConfirmation('x', 'y')).toBe(true);
  });

  it('words failures, 403 on its own', () => {
    expect(saveFailureMessage({ error: 'Forbidden', status: 403 })).toBe(SAVE_FORBIDDEN);
    expect(saveFailureMessage({ error: 'Slug taken', status: 422 })).toBe(
      'Sorry, there was an error saving this dashboard: Slug taken',
    );
  });
});
