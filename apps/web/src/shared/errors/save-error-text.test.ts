import { describe, expect, it } from 'vitest';
import { saveErrorText, UNKNOWN_SAVE_ERROR } from './save-error-text';

describe('saveErrorText', () => {
  it('names what failed and why', () => {
    expect(saveErrorText('chart', { error: 'Forbidden', status: 403 })).toBe(
      'Sorry, there was an error saving this chart: Forbidden',
    );
  });

  it('falls back to the unknown-error sentence when no reason is known', () => {
    expect(saveErrorText('chart', { error: 'An error occurred', status: 520 })).toBe(UNKNOWN_SAVE_ERROR);
    expect(saveErrorText('chart', undefined)).toBe(UNKNOWN_SAVE_ERROR);
  });
});
