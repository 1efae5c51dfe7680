import { describe, expect, it } from 'vitest';
import {
  JSON_METADATA_INVALID,
  parseMetadataText,
  propertiesFromValues,
  type DashboardPropertiesValues,
} from './properties-form';

const values = (overrides: Partial<DashboardPropertiesValues> = {}): DashboardPropertiesValues => ({
  title: 'Sales',
  slug: 'sales',
  owners: [1, 2],
  roles: [3],
  tags: ['finance'],
  certifiedBy: '',
  certificationDetails: 'Checked by finance',
  colorScheme: 'supersetColors',
  refreshFrequency: 0,
  jsonMetadataText: '{"expanded_slices": {"7": true}, "color_scheme": "other"}',
  ...overrides,
});

describe('propertiesFromValues', () => {
  it('applies the save rules: untitled, null slug, details only with a certifier, roles only with RBAC', () => {
    const result = propertiesFromValues(values({ title: '  ', slug: '' }), { rbac: false });
    expect(result).toEqual({
      properties: {
        dashboard_title: '[ untitled dashboard ]',
        slug: null,
        owners: [1, 2],
        certified_by: null,
        certification_details: null,
        json_metadata: {
          expanded_slices: { '7': true },
          color_scheme: 'supersetColors',
          refresh_frequency: 0,
        },
      },
    });
    const certified = propertiesFromValues(values({ certifiedBy: 'Finance' }), { rbac: true });
    expect(certified).toMatchObject({
      properties: {
        certified_by: 'Finance',
        certification_details: 'Checked by finance',
        roles: [3],
        slug: 'sales',
      },
    });
  });

  it('sends the tag names only with the tagging system on', () => {
    const tagged = propertiesFromValues(values(), { rbac: false, tagging: true });
    expect(tagged).toMatchObject({ properties: { tags: ['finance'] } });
    const untagged = propertiesFromValues(values(), { rbac: false });
    expect('properties' in untagged && 'tags' in untagged.properties).toBe(false);
  });

  it('refuses metadata that is not JSON or breaks the schema', () => {
    expect(propertiesFromValues(values({ jsonMetadataText: '{oops' }), { rbac: false })).toMatchObject({
      error: expect.stringContaining(JSON_METADATA_INVALID) as unknown,
    });
    expect(
      parseMetadataText('{"refresh_frequency": "soon"}', { colorScheme: null, refreshFrequency: 0 }),
    ).toMatchObject({
      error: expect.stringContaining('refresh_frequency') as unknown,
    });
    expect(parseMetadataText('{"no_such_key": 1}', { colorScheme: null, refreshFrequency: 0 })).toMatchObject(
      {
        error: expect.stringContaining(JSON_METADATA_INVALID) as unknown,
      },
    );
  });

  it('drops the colour scheme key when none is picked and takes the refresh frequency from the field', () => {
    expect(parseMetadataText('{"color_scheme": "x"}', { colorScheme: null, refreshFrequency: 300 })).toEqual({
      metadata: { refresh_frequency: 300 },
    });
  });

  it('takes cross_filters_enabled from the checkbox over the text, and keeps the text without it', () => {
    const text = '{"cross_filters_enabled": true}';
    expect(
      parseMetadataText(text, { colorScheme: null, refreshFrequency: 0, crossFiltersEnabled: false }),
    ).toEqual({ metadata: { refresh_frequency: 0, cross_filters_enabled: false } });
    expect(parseMetadataText(text, { colorScheme: null, refreshFrequency: 0 })).toEqual({
      metadata: { refresh_frequency: 0, cross_filters_enabled: true },
    });
  });
});
