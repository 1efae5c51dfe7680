import { describe, expect, it } from 'vitest';
import { embedSnippet } from './clipboard';

describe('embedSnippet', () => {
  it('embeds the standalone chart at the given size', () => {
    const snippet = embedSnippet('http://host/superset/explore/p/abc/', 800, 300);
    expect(snippet).toContain('width="800"');
    expect(snippet).toContain('src="http://host/superset/explore/p/abc/?standalone=1&height=300"');
    expect(embedSnippet('http://host/explore/?slice_id=3')).toContain('slice_id=3&standalone=1');
  });
});
