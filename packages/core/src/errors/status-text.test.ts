import { describe, expect, it } from 'vitest';
import { statusText } from './status-text';

describe('statusText', () => {
  it('gives the phrase of a known error status', () => {
    expect(statusText(400)).toBe('Bad request');
    expect(statusText(404)).toBe('Not found');
    expect(statusText(504)).toBe('Gateway timeout');
    expect(statusText(599)).toBe('Network error');
  });

  it('gives nothing for a status outside 400..599 or without a phrase', () => {
    expect(statusText(200)).toBeUndefined();
    expect(statusText(302)).toBeUndefined();
    expect(statusText(600)).toBeUndefined();
    expect(statusText(418)).toBeUndefined();
    expect(statusText(400.5)).toBeUndefined();
  });
});
