import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID, readEmbeddedBootstrap } from './bootstrap';

function documentWith(scriptText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (scriptText !== null) {
    const script = doc.createElement('script');
    script.id = BOOTSTRAP_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = scriptText;
    doc.head.append(script);
  }
  return doc;
}

describe('readEmbeddedBootstrap', () => {
  it('reads the payload the server injected', () => {
    const payload = {
      user: null,
      common: { conf: { ROW_LIMIT: 50000 }, feature_flags: {}, version: '0.1.0' },
    };
    expect(readEmbeddedBootstrap(documentWith(JSON.stringify(payload)))).toEqual(payload);
  });

  it('gives null when the tag is missing, empty, not JSON or not a bootstrap', () => {
    expect(readEmbeddedBootstrap(documentWith(null))).toBeNull();
    expect(readEmbeddedBootstrap(documentWith('  '))).toBeNull();
    expect(readEmbeddedBootstrap(documentWith('{nope'))).toBeNull();
    expect(readEmbeddedBootstrap(documentWith('{"user":null}'))).toBeNull();
  });
});
