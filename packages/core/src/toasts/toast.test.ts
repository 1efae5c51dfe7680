import { TOAST_DURATIONS } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { addToast, createToast, removeToast, type Toast } from './toast';

const toast = (id: string, text: string, noDuplicate = false): Toast => ({
  id,
  toastType: 'info',
  text,
  duration: 4000,
  noDuplicate,
});

describe('createToast', () => {
  it('fills the duration of its type', () => {
    for (const type of ['info', 'success', 'warning', 'danger'] as const) {
      expect(createToast(type, 'hi').duration).toBe(TOAST_DURATIONS[type]);
    }
    expect(createToast('danger', 'x').duration).toBe(8000);
  });

  it('takes duration and noDuplicate from the options', () => {
    const created = createToast('warning', 'Careful', { duration: 0, noDuplicate: true });
    expect(created).toMatchObject({ toastType: 'warning', text: 'Careful', duration: 0, noDuplicate: true });
  });

  it('defaults noDuplicate to false and gives every toast its own id', () => {
    const a = createToast('info', 'same');
    const b = createToast('info', 'same');
    expect(a.noDuplicate).toBe(false);
    expect(a.id).toMatch(/^toast-[0-9a-f]{16}$/);
    expect(a.id).not.toBe(b.id);
  });
});

describe('addToast', () => {
  it('appends a toast', () => {
    const list = [toast('1', 'a')];
    expect(addToast(list, toast('2', 'b')).map((t) => t.id)).toEqual(['1', '2']);
  });

  it('refuses a noDuplicate toast whose text is already shown, returning the same list', () => {
    const list = [toast('1', 'Saved')];
    expect(addToast(list, toast('2', 'Saved', true))).toBe(list);
  });

  it('adds a noDuplicate toast whose text is new', () => {
    expect(addToast([toast('1', 'Saved')], toast('2', 'Deleted', true))).toHaveLength(2);
  });

  it('adds a duplicate text when the new toast does not ask for noDuplicate', () => {
    expect(addToast([toast('1', 'Saved', true)], toast('2', 'Saved'))).toHaveLength(2);
  });
});

describe('removeToast', () => {
  it('removes by id and keeps the list when the id is unknown', () => {
    const list = [toast('1', 'a'), toast('2', 'b')];
    expect(removeToast(list, '1').map((t) => t.id)).toEqual(['2']);
    expect(removeToast(list, 'nope')).toBe(list);
  });
});
