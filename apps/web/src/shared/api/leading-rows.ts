/**
 * The first rows of a long JSON body, before the rest of it arrives. The SQL Lab execute body
 * (reference §2.2) is written by the server with its scalar and column members first and `data`
 * after them (modules/sqllab/streamed-run.ts), so a prefix of the text holds the head of the object
 * and some complete rows. Anything else (an error body, another member order) simply yields nothing
 * and the caller waits for the whole body as usual.
 */

export interface LeadingRows {
  /** The members before the array, as parsed JSON (an object; the caller checks its shape). */
  head: unknown;
  /** The array's complete elements in the prefix (at least one). */
  rows: unknown[];
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/**
 * Where the last complete object or array element of an array ends, scanning from `start`; -1 if
 * none. Scalar elements are not tracked: rows are objects, and anything else waits for the whole body.
 */
function lastCompleteElement(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let end = -1;
  for (let i = start; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth === 0) return end; // the array itself closed
      depth -= 1;
      if (depth === 0) end = i;
    }
  }
  return end;
}

/**
 * Parses the head and the complete elements of the array member `member` from a prefix of a JSON
 * object's text; null when the prefix does not have that form yet (or at all). A quote inside a
 * JSON string is always escaped, so the first `,"member":[` outside the head's strings is the member.
 */
export function leadingRows(prefix: string, member: string): LeadingRows | null {
  const marker = `,${JSON.stringify(member)}:[`;
  const at = prefix.indexOf(marker);
  if (at < 0 || !prefix.startsWith('{')) return null;
  let head: unknown;
  try {
    head = JSON.parse(`${prefix.slice(0, at)}}`);
  } catch {
    return null;
  }
  if (typeof head !== 'object' || head === null || Array.isArray(head)) return null;
  const start = at + marker.length;
  const end = lastCompleteElement(prefix, start);
  if (end < 0) return null;
  let rows: unknown;
  try {
    rows = JSON.parse(`[${prefix.slice(start, end + 1)}]`);
  } catch {
    return null;
  }
  if (!Array.isArray(rows) || rows.length === 0) return null;
  return { head, rows };
}

type Listener = (rows: LeadingRows) => void;
const listeners = new Map<string, Listener>();

/** Listens for the leading rows of the request sent with `leadingRowsKey: key`; returns the unsubscribe. */
export function onLeadingRows(key: string, listener: Listener): () => void {
  listeners.set(key, listener);
  return () => {
    if (listeners.get(key) === listener) listeners.delete(key);
  };
}

export function emitLeadingRows(key: string, rows: LeadingRows): void {
  listeners.get(key)?.(rows);
}

/**
 * Reads a response body as text; while no rows were handed over yet, each new prefix is tried for
 * leading rows. Only the first page is parsed early: the whole text is parsed once, at the end.
 */
export async function readWithLeadingRows(
  body: ReadableStream<Uint8Array>,
  key: string,
  member: string,
): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let prefix = '';
  let handed = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    parts.push(text);
    if (!handed) {
      prefix += text;
      const found = leadingRows(prefix, member);
      if (found) {
        handed = true;
        prefix = '';
        emitLeadingRows(key, found);
      }
    }
  }
  parts.push(decoder.decode());
  return parts.join('');
}
