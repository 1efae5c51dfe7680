import { fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { byDataTest } from './dom-test';

// Steps on an AsyncSelect (or any antd Select) in jsdom, for the component tests.

/** Opens the select with the given data-test, as a click would. */
export function openSelect(dataTest: string): void {
  const input = byDataTest(dataTest).querySelector('input');
  if (!input) throw new Error(`no combobox in ${dataTest}`);
  fireEvent.mouseDown(input);
}

/** The titles of the choices the open list draws. */
export function optionTitles(): string[] {
  return [...document.querySelectorAll('.ant-select-item-option')].map(
    (element) => element.getAttribute('title') ?? '',
  );
}

/** Opens the select and clicks the choice titled `title` once it is listed. */
export async function pickOption(dataTest: string, title: string): Promise<void> {
  openSelect(dataTest);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (element) => element.getAttribute('title') === title,
    );
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(item);
}

/** Types into the select's search box. */
export function typeSearch(dataTest: string, text: string): void {
  const input = byDataTest(dataTest).querySelector('input');
  if (!input) throw new Error(`no combobox in ${dataTest}`);
  fireEvent.change(input, { target: { value: text } });
}

/** The scrolling element of the open list (antd names it `<prefix>-list-holder`). */
export function listHolder(): HTMLElement {
  const holders = [...document.querySelectorAll('.ant-select-dropdown [class]')].filter((element) =>
    [...element.classList].some((name) => name.endsWith('-list-holder')),
  );
  const holder = holders[holders.length - 1];
  if (!(holder instanceof HTMLElement)) throw new Error('no open list');
  return holder;
}

/** The height the open list says its whole content has (what it can scroll through). */
export function listContentHeight(): number {
  const filler = listHolder().firstElementChild;
  return filler instanceof HTMLElement ? Number.parseFloat(filler.style.height) : Number.NaN;
}

/** Scrolls the open list to `share` of its scrollable height (jsdom lays nothing out, so the sizes are set). */
export function scrollList(share: number): void {
  const holder = listHolder();
  const clientHeight = 256;
  const scrollHeight = 2400;
  Object.defineProperty(holder, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(holder, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(holder, 'scrollTop', {
    configurable: true,
    writable: true,
    value: Math.round((scrollHeight - clientHeight) * share),
  });
  fireEvent.scroll(holder);
}

/** The page, page size and decoded rison `q` a picker's request asked for. */
export interface PageAsked {
  page: number;
  pageSize: number;
  q: string;
}

export function pageAsked(url: string): PageAsked {
  const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
  return {
    page: Number(/(?:^|[(,])page:(\d+)/.exec(q)?.[1] ?? -1),
    pageSize: Number(/page_size:(\d+)/.exec(q)?.[1] ?? -1),
    q,
  };
}

/** Ids of page `page` of `pageSize` out of `total` choices numbered from 1. */
export function idsOfPage(asked: PageAsked, total: number): number[] {
  const first = asked.page * asked.pageSize + 1;
  return Array.from(
    { length: Math.max(0, Math.min(asked.pageSize, total - first + 1)) },
    (_, i) => first + i,
  );
}

/**
 * Opens the picker and checks the select-control rules of spec 001 §9 against the requests `asked`
 * records: a first page of 100, nothing more at half the scroll, the second page of 100 past 70 %.
 */
export async function expectPagedLazyLoad(dataTest: string, asked: readonly PageAsked[]): Promise<void> {
  openSelect(dataTest);
  await waitFor(() => expect(optionTitles().length).toBeGreaterThan(0));
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject({ page: 0, pageSize: 100 });
  scrollList(0.5);
  expect(asked).toHaveLength(1);
  scrollList(0.75);
  await waitFor(() => expect(asked).toHaveLength(2));
  expect(asked[1]).toMatchObject({ page: 1, pageSize: 100 });
}
