import { describe, expect, it } from 'vitest';
import { saveFailureMessage, saveSuccessMessages } from './save-messages';

describe('save messages', () => {
  it('says saved or overwritten, and what happened to the dashboard', () => {
    expect(saveSuccessMessages('saveas', 'Births', { kind: 'none' })).toEqual([
      'Chart [Births] has been saved',
    ]);
    expect(saveSuccessMessages('overwrite', 'Births', { kind: 'existing', id: 2, title: 'Kids' })).toEqual([
      'Chart [Births] has been overwritten',
      'Chart [Births] was added to dashboard [Kids]',
    ]);
    expect(saveSuccessMessages('saveas', 'Births', { kind: 'new', title: 'New one' })).toEqual([
      'Chart [Births] has been saved',
      'Dashboard [New one] just got created and chart [Births] was added to it',
    ]);
  });

  it('maps 403 to the permission text and anything else to the generic failure', () => {
    expect(saveFailureMessage({ status: 403 })).toBe('You do not have permission to edit this chart');
    expect(saveFailureMessage({ status: 400 })).toBe('Failed to save slice');
    expect(saveFailureMessage(null)).toBe('Failed to save slice');
  });
});
