import { fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  expectPagedLazyLoad,
  openSelect,
  optionTitles,
  pickOption,
  typeSearch,
  type PageAsked,
} from '../../../test/async-select-test';
import { byDataTest, setupDomTest } from '../../../test/dom-test';
import { AsyncSelect } from './AsyncSelect';
import type { AsyncSelectOption, FetchSelectOptions } from './async-select-rules';

setupDomTest();

const PEOPLE = ['Ada', 'Bob', 'Cy', 'Dee'].map((name, index) => ({ value: index + 1, label: name }));

/** A server of the four people above: the search keeps the names containing it, case aside. */
const serverPeople: FetchSelectOptions = (search) => {
  const found = PEOPLE.filter((person) => person.label.toLowerCase().includes(search.toLowerCase()));
  return Promise.resolve({ options: found, totalCount: found.length });
};

function Multi({
  fetchOptions,
  allowNewOptions,
  onChange,
  initial = [],
}: {
  fetchOptions: FetchSelectOptions;
  allowNewOptions?: boolean;
  onChange: (value: AsyncSelectOption[]) => void;
  initial?: AsyncSelectOption[];
}) {
  const [value, setValue] = useState<AsyncSelectOption[]>(initial);
  return (
    <AsyncSelect
      data-test="people"
      mode="multiple"
      fetchOptions={fetchOptions}
      allowNewOptions={allowNewOptions}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function paste(text: string): void {
  const input = byDataTest('people').querySelector('input');
  if (!input) throw new Error('no input');
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

describe('AsyncSelect: pasting a list into a multiple select', () => {
  it('adds every pasted name, split at commas and line breaks, resolved by the server', async () => {
    const fetchOptions = vi.fn(serverPeople);
    const onChange = vi.fn<(value: AsyncSelectOption[]) => void>();
    render(<Multi fetchOptions={fetchOptions} onChange={onChange} />);
    paste('ada, Bob\ncy');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0].map((option) => option.value)).toEqual([1, 2, 3]);
    // Nothing was loaded, so each name was asked of the server as a search.
    expect(fetchOptions.mock.calls.map((call) => call[0])).toEqual(['ada', 'Bob', 'cy']);
    expect(fetchOptions.mock.calls.every((call) => call[2] === 100)).toBe(true);
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('[data-test="people-tag"]')].map((tag) => tag.textContent),
      ).toEqual(['Ada', 'Bob', 'Cy']),
    );
  });

  it('leaves out names no choice has, and keeps the choices already made', async () => {
    const onChange = vi.fn<(value: AsyncSelectOption[]) => void>();
    render(<Multi fetchOptions={serverPeople} onChange={onChange} />);
    paste('Dee;nobody');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    paste('ada\tdee');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange.mock.lastCall?.[0].map((option) => option.label)).toEqual(['Dee', 'Ada']);
  });

  it('with allowNewOptions takes each pasted word as a choice of its own', async () => {
    const onChange = vi.fn<(value: AsyncSelectOption[]) => void>();
    render(<Multi fetchOptions={serverPeople} allowNewOptions onChange={onChange} />);
    paste('a, b\nc');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
      { value: 'c', label: 'c' },
    ]);
  });
});

describe('AsyncSelect: pages and tags', () => {
  it('reads 100 choices a page and the next page past 70 % of the scroll', async () => {
    const asked: PageAsked[] = [];
    const fetchOptions: FetchSelectOptions = (_search, page, pageSize) => {
      asked.push({ page, pageSize, q: '' });
      const options = Array.from({ length: pageSize }, (_, index) => {
        const id = page * pageSize + index + 1;
        return { value: id, label: `Person ${String(id)}` };
      }).filter((option) => option.value <= 250);
      return Promise.resolve({ options, totalCount: 250 });
    };
    render(<Multi fetchOptions={fetchOptions} onChange={() => undefined} />);
    await expectPagedLazyLoad('people', asked);
  });
});

describe('AsyncSelect: tags', () => {
  it('shows 4 tags, the rest summed up, each cut at 20 characters with its whole name as title', () => {
    const chosen = Array.from({ length: 6 }, (_, index) => ({
      value: index,
      label: `A rather long person name ${String(index)}`,
    }));
    render(<Multi fetchOptions={serverPeople} onChange={() => undefined} initial={chosen} />);
    const tags = [...document.querySelectorAll('[data-test="people-tag"]')];
    expect(tags).toHaveLength(4);
    expect(byDataTest('people').textContent).toContain('+ 2 ...');
    expect(tags[0]?.textContent).toBe('A rather long person…');
    expect(tags[0]?.getAttribute('title')).toBe('A rather long person name 0');
  });
});

describe('AsyncSelect: a single select and text that names no choice', () => {
  function Single({
    allowNewOptions,
    onChange,
  }: {
    allowNewOptions?: boolean;
    onChange: (value: AsyncSelectOption | null) => void;
  }) {
    const [value, setValue] = useState<AsyncSelectOption | null>(null);
    return (
      <AsyncSelect
        data-test="person"
        fetchOptions={serverPeople}
        allowNewOptions={allowNewOptions}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }

  it('drops the text unless the select is free-form, where the text becomes the value', async () => {
    const onChange = vi.fn<(value: AsyncSelectOption | null) => void>();
    const { unmount } = render(<Single onChange={onChange} />);
    openSelect('person');
    typeSearch('person', 'Zed');
    await waitFor(() => expect(optionTitles()).toEqual([]));
    const input = byDataTest('person').querySelector('input');
    if (!input) throw new Error('no input');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).not.toHaveBeenCalled();
    unmount();

    render(<Single allowNewOptions onChange={onChange} />);
    openSelect('person');
    typeSearch('person', 'Zed');
    await pickOption('person', 'Zed');
    expect(onChange).toHaveBeenCalledWith({ value: 'Zed', label: 'Zed' });
  });

  it('with allowNewOptions, Enter before the search is answered takes the choice the text names', async () => {
    const onChange = vi.fn<(value: AsyncSelectOption | null) => void>();
    render(<Single allowNewOptions onChange={onChange} />);
    openSelect('person');
    await waitFor(() => expect(optionTitles()).toEqual(['Ada', 'Bob', 'Cy', 'Dee']));
    typeSearch('person', 'Cy');
    // The search is still waiting out its debounce: the list is the whole one, led by the named choice.
    expect(optionTitles()).toEqual(['Cy', 'Ada', 'Bob', 'Dee']);
    const input = byDataTest('person').querySelector('input');
    if (!input) throw new Error('no input');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenCalledWith({ value: 3, label: 'Cy' });
  });
});

describe('AsyncSelect: typing into a closed select', () => {
  it('searches what was typed, even when the list opens after the search is told', async () => {
    const fetchOptions = vi.fn(serverPeople);
    render(<Multi fetchOptions={fetchOptions} onChange={vi.fn()} />);
    // Typing opens the list: the search and the opening land in one event, before a render.
    typeSearch('people', 'bo');
    await waitFor(() => expect(optionTitles()).toEqual(['Bob']));
    expect(fetchOptions.mock.calls.map((call) => call[0])).not.toContain('');
    expect(fetchOptions.mock.lastCall?.[0]).toBe('bo');
  });
});
