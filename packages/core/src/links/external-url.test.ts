import { describe, expect, it } from 'vitest';
import { isExternalUrl, isSafeHref, toExternalHref } from './external-url';

describe('isExternalUrl', () => {
  it('treats a link with a scheme as external', () => {
    expect(isExternalUrl('https://example.com')).toBe(true);
    expect(isExternalUrl('http://intranet/wiki')).toBe(true);
    expect(isExternalUrl('mailto:someone@example.com')).toBe(true);
  });

  it("treats a protocol-relative link ('//') as external", () => {
    expect(isExternalUrl('//cdn.example.com/x.js')).toBe(true);
  });

  it('treats a link that starts with a host as external', () => {
    expect(isExternalUrl('example.com/path')).toBe(true);
    expect(isExternalUrl('www.example.org')).toBe(true);
    expect(isExternalUrl('localhost:8088/sqllab/')).toBe(true);
    expect(isExternalUrl('10.0.0.1/x')).toBe(true);
    expect(isExternalUrl('user@docs.example.com?x=1')).toBe(true);
  });

  it('treats paths as internal', () => {
    expect(isExternalUrl('/sqllab/')).toBe(false);
    expect(isExternalUrl('./relative')).toBe(false);
    expect(isExternalUrl('databaseview/list/')).toBe(false);
    expect(isExternalUrl('?q=1')).toBe(false);
    expect(isExternalUrl('#anchor')).toBe(false);
    expect(isExternalUrl('')).toBe(false);
  });
});

describe('toExternalHref', () => {
  it("adds '//' to a host without a scheme", () => {
    expect(toExternalHref('example.com/path')).toBe('//example.com/path');
    expect(toExternalHref(' localhost:8088 ')).toBe('//localhost:8088');
  });

  it('leaves links with a scheme or // alone', () => {
    expect(toExternalHref('https://example.com/a')).toBe('https://example.com/a');
    expect(toExternalHref('//example.com/a')).toBe('//example.com/a');
  });

  it('leaves internal paths unchanged', () => {
    expect(toExternalHref('/databaseview/list/')).toBe('/databaseview/list/');
    expect(toExternalHref('relative/path')).toBe('relative/path');
  });
});

describe('isSafeHref', () => {
  it('accepts paths and http(s)/mailto links', () => {
    expect(isSafeHref('/users/list/')).toBe(true);
    expect(isSafeHref('example.com')).toBe(true);
    expect(isSafeHref('HTTPS://example.com')).toBe(true);
    expect(isSafeHref('mailto:a@b.c')).toBe(true);
  });

  it('refuses schemes that run code, even disguised', () => {
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
    expect(isSafeHref(' JavaScript:alert(1)')).toBe(false);
    expect(isSafeHref('java\tscript:alert(1)')).toBe(false);
    expect(isSafeHref('data:text/html,<script>')).toBe(false);
  });
});
