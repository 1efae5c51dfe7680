import { describe, expect, it } from 'vitest';
import {
  SELECT_ALL_KEY,
  applySelectAll,
  choiceNamed,
  mergePage,
  newOptionFor,
  pageOfList,
  scrolledPastThreshold,
  splitPasted,
  truncateTag,
} from './async-select-rules';

describe('scrolledPastThreshold', () => {
  it('asks for more past 70 % of the scrollable height, not before', () => {
    // 1000 px of list in a 200 px window: 800 px of scroll, the threshold is 560 px.
    expect(scrolledPastThreshold(559, 1000, 200)).toBe(false);
    expect(scrolledPastThreshold(560, 1000, 200)).toBe(true);
  });

  it('never asks when the list does not scroll', () => {
    expect(scrolledPastThreshold(0, 200, 200)).toBe(false);
  });
});

describe('truncateTag', () => {
  it('keeps 20 characters and adds an ellipsis beyond', () => {
    expect(truncateTag('a'.repeat(20))).toBe('a'.repeat(20));
    expect(truncateTag('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrst…');
  });
});

describe('mergePage', () => {
  it('appends without repeating values', () => {
    const merged = mergePage(
      [{ value: 1, label: 'a' }],
      [
        { value: 1, label: 'a' },
        { value: 2, label: 'b' },
      ],
    );
    expect(merged.map((option) => option.value)).toEqual([1, 2]);
  });
});

describe('applySelectAll', () => {
  const loaded = [
    { value: 'a', label: 'a' },
    { value: 'b', label: 'b' },
  ];
  it('adds every loaded choice after the ones already chosen when Select All is picked', () => {
    const chosen = [
      { value: 'x', label: 'x' },
      { value: SELECT_ALL_KEY, label: 'Select All' },
    ];
    expect(applySelectAll(chosen, loaded).map((option) => option.value)).toEqual(['x', 'a', 'b']);
  });
  it('unselects the loaded choices when they all are selected already, keeping others', () => {
    const chosen = [
      { value: 'x', label: 'x' },
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
      { value: SELECT_ALL_KEY, label: 'Select All' },
    ];
    expect(applySelectAll(chosen, loaded).map((option) => option.value)).toEqual(['x']);
  });
  it('skips disabled choices when selecting, and keeps a selected disabled one when unselecting', () => {
    const withDisabled = [
      ...loaded,
      { value: 'c', label: 'c', disabled: true },
      { value: 'd', label: 'd', disabled: true },
    ];
    const all = { value: SELECT_ALL_KEY, label: 'Select All' };
    const selected = applySelectAll([{ value: 'd', label: 'd', disabled: true }, all], withDisabled);
    expect(selected.map((option) => option.value).sort()).toEqual(['a', 'b', 'd']);
    expect(applySelectAll([...selected, all], withDisabled).map((option) => option.value)).toEqual(['d']);
  });
  it('leaves a change without Select All as it is', () => {
    expect(applySelectAll([{ value: 'b', label: 'b' }], loaded).map((option) => option.value)).toEqual(['b']);
  });
});

describe('pageOfList', () => {
  const all = Array.from({ length: 250 }, (_, index) => ({
    value: `t${String(index)}`,
    label: `Table_${String(index).padStart(3, '0')}`,
  }));

  it('cuts a whole list into pages and counts all of it', () => {
    const second = pageOfList(all, '', 1, 100);
    expect(second.totalCount).toBe(250);
    expect(second.options).toHaveLength(100);
    expect(second.options[0]?.label).toBe('Table_100');
    expect(pageOfList(all, '', 2, 100).options).toHaveLength(50);
  });

  it('keeps the choices containing the search, case aside, and counts only those', () => {
    const found = pageOfList(all, ' table_24 ', 0, 100);
    expect(found.options.map((option) => option.label)).toEqual(
      Array.from({ length: 10 }, (_, digit) => `Table_24${String(digit)}`),
    );
    expect(found.totalCount).toBe(10);
  });
});

describe('newOptionFor (allowNewOptions)', () => {
  const known = [
    { value: 'finance', label: 'finance' },
    { value: 7, label: 'Sales' },
  ];

  it('offers the typed text, trimmed, as a choice of its own', () => {
    expect(newOptionFor('  q3 plans ', known)).toEqual({ value: 'q3 plans', label: 'q3 plans' });
  });

  it('offers nothing for empty text or text a choice already has', () => {
    expect(newOptionFor('   ', known)).toBeNull();
    expect(newOptionFor('finance', known)).toBeNull();
    expect(newOptionFor('Sales', known)).toBeNull();
  });
});

describe('splitPasted', () => {
  it('splits at commas, semicolons, tabs and line breaks, trimmed, without blanks or repeats', () => {
    expect(splitPasted('a, b\nc')).toEqual(['a', 'b', 'c']);
    expect(splitPasted(' x ;\t y\r\n\n x ,')).toEqual(['x', 'y']);
  });
  it('leaves a single word to the search', () => {
    expect(splitPasted('sales')).toBeNull();
    expect(splitPasted(' , ')).toBeNull();
  });
});

describe('choiceNamed', () => {
  it('finds a choice by its label, case aside, or by its value', () => {
    const options = [
      { value: 7, label: 'Sales' },
      { value: 'fin', label: 'Finance' },
    ];
    expect(choiceNamed('sales', options)?.value).toBe(7);
    expect(choiceNamed('7', options)?.label).toBe('Sales');
    expect(choiceNamed('fin', options)?.label).toBe('Finance');
    expect(choiceNamed('HR', options)).toBeUndefined();
  });
});
