import { describe, expect, it } from 'vitest';
import { columnCertification, columnExtraText } from './column-extra';

const certified = JSON.stringify({
  certification: { certified_by: 'Data team', details: 'Checked weekly' },
  warning_markdown: 'Late by a day',
  custom: 1,
});

describe('columnCertification', () => {
  it('reads Superset’s certification and warning_markdown', () => {
    expect(columnCertification(certified)).toEqual({
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      warning_text: 'Late by a day',
    });
  });

  it('is empty for missing, broken or foreign extra', () => {
    const none = { certified_by: null, certification_details: null, warning_text: null };
    expect(columnCertification(null)).toEqual(none);
    expect(columnCertification('not json')).toEqual(none);
    expect(columnCertification('[1]')).toEqual(none);
    expect(columnCertification('{"certification": {"details": "orphan"}}')).toEqual(none);
  });
});

describe('columnExtraText', () => {
  it('writes the sent fields over the stored extra and keeps other keys', () => {
    const text = columnExtraText({ column_name: 'a', certified_by: 'Ops', warning_text: '' }, certified);
    expect(JSON.parse(text ?? 'null')).toEqual({
      certification: { certified_by: 'Ops', details: 'Checked weekly' },
      custom: 1,
    });
  });

  it('removes the certification with a blank certifier and stores null when nothing is left', () => {
    const stored = JSON.stringify({ certification: { certified_by: 'Ops', details: null } });
    expect(columnExtraText({ column_name: 'a', certified_by: ' ' }, stored)).toBeNull();
  });

  it('keeps the stored extra when the update says nothing about it', () => {
    expect(JSON.parse(columnExtraText({ column_name: 'a' }, certified) ?? 'null')).toEqual(
      JSON.parse(certified),
    );
  });

  it('takes a sent extra in place of the stored one', () => {
    const sent = JSON.stringify({ warning_markdown: 'New warning' });
    expect(columnCertification(columnExtraText({ column_name: 'a', extra: sent }, certified))).toEqual({
      certified_by: null,
      certification_details: null,
      warning_text: 'New warning',
    });
  });
});
