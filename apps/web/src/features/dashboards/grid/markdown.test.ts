import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders markdown', () => {
    expect(renderMarkdown('# Title\n\n**bold**')).toContain('<strong>bold</strong>');
  });

  it('removes scripts', () => {
    const html = renderMarkdown('hi <script>alert(1)</script>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('alert(1)');
  });

  it('removes event handlers', () => {
    const html = renderMarkdown('<img src="x.png" onerror="alert(1)"><div onclick="x()">a</div>');
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).toContain('x.png');
  });

  it('removes javascript: links', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) <a href=" JavaScript:alert(2)">b</a>');
    expect(html).not.toMatch(/javascript:/i);
    expect(renderMarkdown('[ok](https://example.com)')).toContain('href="https://example.com"');
  });
});
