import { toggleSelectAll } from '@tessera/core';
import { SELECT_LAZY_LOAD_THRESHOLD, SELECT_TAG_MAX_CHARS } from '@tessera/contracts';
import type { ReactNode } from 'react';

/** One choice of an async select. */
export interface AsyncSelectOption {
  value: string | number;
  label: string;
  /** Drawn before the label in the list (a table or view icon, say); the label stays the text. */
  icon?: ReactNode;
  /** Shown but not choosable; 'Select All' leaves it as it is. */
  disabled?: boolean;
}

/** One page of choices and how many match the search in all. */
export interface AsyncSelectPage {
  options: AsyncSelectOption[];
  totalCount: number;
}

/** Reads page `page` (from 0) of `pageSize` choices matching `search`. */
export type FetchSelectOptions = (search: string, page: number, pageSize: number) => Promise<AsyncSelectPage>;

/**
 * One page of a list the server sends whole (a database's schemas or tables): the choices whose label
 * contains the search, case aside, cut to page `page` of `pageSize`, so such a picker pages like the others.
 */
export function pageOfList(
  all: readonly AsyncSelectOption[],
  search: string,
  page: number,
  pageSize: number,
): AsyncSelectPage {
  const text = search.trim().toLowerCase();
  const matching = text === '' ? all : all.filter((option) => option.label.toLowerCase().includes(text));
  return { options: matching.slice(page * pageSize, (page + 1) * pageSize), totalCount: matching.length };
}

/** True once the list is scrolled past the lazy-load share of its height (spec 001 §9: 70 %). */
export function scrolledPastThreshold(
  scrollTop: number,
  scrollHeight: number,
  clientHeight: number,
): boolean {
  const scrollable = scrollHeight - clientHeight;
  if (scrollable <= 0) return false;
  return scrollTop >= scrollable * SELECT_LAZY_LOAD_THRESHOLD;
}

/** A tag's text cut to 20 characters with an ellipsis (spec 001 §5). */
export function truncateTag(label: string): string {
  return label.length > SELECT_TAG_MAX_CHARS ? `${label.slice(0, SELECT_TAG_MAX_CHARS)}…` : label;
}

/** Appends a page to what is loaded, without repeating a value already there. */
export function mergePage(
  loaded: readonly AsyncSelectOption[],
  page: readonly AsyncSelectOption[],
): AsyncSelectOption[] {
  const seen = new Set(loaded.map((option) => option.value));
  return [...loaded, ...page.filter((option) => !seen.has(option.value))];
}

/**
 * Spec 001 §5 'A select with allowNewOptions accepts free text': the typed text as a choice of its own
 * (value and label both the text), unless it is empty or a known choice already has it.
 */
export function newOptionFor(search: string, known: readonly AsyncSelectOption[]): AsyncSelectOption | null {
  const text = search.trim();
  if (text === '') return null;
  if (known.some((option) => option.value === text || option.label === text)) return null;
  return { value: text, label: text };
}

/** Spec 001 §4: the choice that selects every loaded one. */
export const SELECT_ALL_LABEL = 'Select All';
/** The value 'Select All' is offered under (no real choice can have it). */
export const SELECT_ALL_KEY = '\u0000select-all';

/**
 * The value after a change. 'Select All' toggles (spec 001 §4 'Select control', core's `toggleSelectAll`): it
 * selects every enabled loaded choice, or, when they all are already, unselects them; a selected disabled
 * choice stays either way, and chosen values outside the loaded page are kept.
 */
export function applySelectAll(
  chosen: readonly AsyncSelectOption[],
  loaded: readonly AsyncSelectOption[],
): AsyncSelectOption[] {
  const kept = chosen.filter((option) => option.value !== SELECT_ALL_KEY);
  if (kept.length === chosen.length) return kept;
  const loadedValues = new Set(loaded.map((option) => option.value));
  const keptValues = kept.map((option) => option.value);
  const allEnabledChosen = loaded.every(
    (option) => option.disabled === true || keptValues.includes(option.value),
  );
  const toggled = toggleSelectAll(loaded, keptValues, !allEnabledChosen);
  const byValue = new Map([...loaded, ...kept].map((option) => [option.value, option]));
  const outside = kept.filter((option) => !loadedValues.has(option.value));
  const inside = toggled.flatMap((value) => byValue.get(value) ?? []);
  return [...outside, ...inside];
}

/** What splits a pasted list into choices: commas, semicolons, tabs and line breaks. */
const PASTE_SEPARATORS = /[,;\t\r\n]+/;

/**
 * The choices named in pasted text ('a, b\nc' → a, b, c), trimmed, blanks and repeats left out; null
 * when the text names one choice at most (a plain search, which the select handles as typing).
 */
export function splitPasted(text: string): string[] | null {
  if (!PASTE_SEPARATORS.test(text)) return null;
  const tokens = [...new Set(text.split(PASTE_SEPARATORS).map((token) => token.trim()))].filter(
    (token) => token !== '',
  );
  return tokens.length === 0 ? null : tokens;
}

/** The choice a pasted word names: the same label (case aside) or the same value. */
export function choiceNamed(
  token: string,
  options: readonly AsyncSelectOption[],
): AsyncSelectOption | undefined {
  const lower = token.toLowerCase();
  return options.find((option) => option.label.toLowerCase() === lower || String(option.value) === token);
}
