import { describe, expect, it } from 'vitest';
import { scopeCss } from './scope-css';

describe('scopeCss', () => {
  it('prefixes every selector with the dashboard root', () => {
    expect(scopeCss('.a, h1 > b { color: red; }', 'd1')).toBe('#d1 .a, #d1 h1 > b { color: red; }');
  });

  it('scopes rules inside @media and maps body/:root to the root', () => {
    const css = scopeCss('@media (max-width: 600px) { body { margin: 0 } .x { top: 0 } }', 'd1');
    expect(css).toContain('@media (max-width: 600px)');
    expect(css).toContain('#d1 {');
    expect(css).toContain('#d1 .x {');
  });

  it('drops @import and comments', () => {
    const css = scopeCss('@import url(http://evil/x.css); /* c */ .a{b:c}', 'd1');
    expect(css).not.toContain('@import');
    expect(css).not.toContain('evil');
    expect(css).toBe('#d1 .a {b:c}');
  });

  it('stops at unbalanced input', () => {
    expect(scopeCss('.a { color: red; .b {', 'd1')).toBe('');
  });
});
