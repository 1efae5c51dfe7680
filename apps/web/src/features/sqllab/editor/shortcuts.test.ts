import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyEventLike } from './shortcuts';

function key(name: string, modifiers: Partial<KeyEventLike> = {}): KeyEventLike {
  return { key: name, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...modifiers };
}

describe('shortcutFor', () => {
  it('maps the run keys', () => {
    expect(shortcutFor(key('Enter', { ctrlKey: true }), false)).toBe('run');
    expect(shortcutFor(key('Enter', { metaKey: true }), true)).toBe('run');
    expect(shortcutFor(key('r', { ctrlKey: true }), false)).toBe('run');
    expect(shortcutFor(key('Enter', { altKey: true }), false)).toBe('run');
  });

  it('tells the statement run, stop, format and tab keys apart', () => {
    expect(shortcutFor(key('Enter', { ctrlKey: true, shiftKey: true }), false)).toBe('runStatement');
    expect(shortcutFor(key('e', { ctrlKey: true }), false)).toBe('stop');
    expect(shortcutFor(key('F', { ctrlKey: true, shiftKey: true }), false)).toBe('format');
    expect(shortcutFor(key('t', { ctrlKey: true }), false)).toBe('newTab');
    expect(shortcutFor(key('ArrowRight', { ctrlKey: true }), false)).toBe('nextTab');
    expect(shortcutFor(key('ArrowLeft', { ctrlKey: true }), false)).toBe('previousTab');
  });

  it('ignores plain keys and other modifiers', () => {
    expect(shortcutFor(key('Enter'), false)).toBeNull();
    expect(shortcutFor(key('e', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutFor(key('ArrowRight', { metaKey: true }), false)).toBeNull();
  });
});
