import { describe, expect, it } from 'vitest';
import { apiActionName } from './api-action-name';

describe('apiActionName', () => {
  it('names collection, item and sub-resource routes like Superset', () => {
    expect(apiActionName('GET', '/api/v1/chart/')).toBe('ChartRestApi.get_list');
    expect(apiActionName('POST', '/api/v1/chart/')).toBe('ChartRestApi.post');
    expect(apiActionName('DELETE', '/api/v1/dashboard/')).toBe('DashboardRestApi.bulk_delete');
    expect(apiActionName('GET', '/api/v1/dashboard/:id')).toBe('DashboardRestApi.get');
    expect(apiActionName('PUT', '/api/v1/saved_query/:id')).toBe('SavedQueryRestApi.put');
    expect(apiActionName('GET', '/api/v1/chart/:id/favorites/')).toBe('ChartRestApi.favorites');
    expect(apiActionName('GET', '/api/v1/chart/_info')).toBe('ChartRestApi.info');
    expect(apiActionName('GET', '/api/v1/dashboard/:id/charts')).toBe('DashboardRestApi.charts');
    expect(apiActionName('GET', '/api/v1/css_template/')).toBe('CssTemplateRestApi.get_list');
  });

  it('leaves everything outside /api/v1/ alone', () => {
    expect(apiActionName('GET', '/health')).toBeNull();
    expect(apiActionName('POST', '/superset/log/')).toBeNull();
    expect(apiActionName('GET', '/api/v1')).toBeNull();
  });
});
