import type { FastifyInstance } from 'fastify';
import { messageError } from './errors';

/**
 * multipart/form-data bodies (the bundle import forms of reference §3–§9: a file field `formData` and
 * text fields). The body is read whole, within `limit` bytes, and split here: the forms are small and
 * this avoids a streaming dependency. Field names stay plain data (Maps, never object keys).
 */
export class MultipartForm {
  constructor(
    readonly fields: ReadonlyMap<string, string>,
    readonly files: ReadonlyMap<string, { filename: string; content: Uint8Array }>,
  ) {}
}

export class MultipartError extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new MultipartError('The multipart body has no boundary.');
  return boundary;
}

function dispositionParam(headers: string, name: 'name' | 'filename'): string | undefined {
  const line = headers.split('\r\n').find((item) => /^content-disposition:/i.test(item));
  if (line === undefined) return undefined;
  const match = new RegExp(`;\\s*${name}="([^"]*)"`, 'i').exec(line);
  return match?.[1];
}

/** Splits one body; throws MultipartError for anything that is not a well-formed form. */
export function parseMultipart(body: Buffer, contentType: string): MultipartForm {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const fields = new Map<string, string>();
  const files = new Map<string, { filename: string; content: Uint8Array }>();
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MultipartError('The multipart body holds no parts.');
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const headerStart = afterDelimiter + CRLF.length;
    const headerEnd = body.indexOf(HEADER_END, headerStart);
    if (headerEnd < 0) throw new MultipartError('A multipart part has no header end.');
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd);
    if (next < 0) throw new MultipartError('The multipart body is not closed.');
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const content = body.subarray(headerEnd + HEADER_END.length, next);
    const name = dispositionParam(headers, 'name');
    if (name === undefined) throw new MultipartError('A multipart part has no field name.');
    const filename = dispositionParam(headers, 'filename');
    if (filename !== undefined) files.set(name, { filename, content: new Uint8Array(content) });
    else fields.set(name, content.toString('utf8'));
    at = next + CRLF.length;
  }
  return new MultipartForm(fields, files);
}

export function registerMultipartBodyParser(app: FastifyInstance, limit: number): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: limit },
    (request, body, done) => {
      try {
        const buffer = typeof body === 'string' ? Buffer.from(body) : body;
        done(null, parseMultipart(buffer, request.headers['content-type'] ?? ''));
      } catch (error) {
        // A body that is not a well-formed form is the client's mistake: 400 with the reason.
        const reason = error instanceof MultipartError ? error.message : 'Invalid multipart body.';
        done(messageError(400, reason), undefined);
      }
    },
  );
}
