import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookPayloadSchema } from '@tessera/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification, WebhookRecipient } from './notification';
import { parseMultipart } from '../../../platform/multipart-body';
import { NotificationError } from './notification-error';
import { TransportRegistry } from './transports';
import { createWebhookTransport } from './webhook-transport';

interface Hit {
  url: string;
  host: string;
  contentType: string;
  body: Buffer;
}

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
const CSV = Buffer.from('name,total\r\nann,3\r\n');

/** A local receiver: answers each request with the next planned status (200 when none is left). */
function receiver() {
  const hits: Hit[] = [];
  const plan: number[] = [];
  let hang = false;
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({
        url: request.url ?? '',
        host: request.headers.host ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: Buffer.concat(chunks),
      });
      if (hang) return;
      const status = plan.shift() ?? 200;
      response.writeHead(status, status === 302 ? { location: '/elsewhere' } : {});
      response.end('ok');
    });
  });
  return {
    hits,
    plan,
    setHang(value: boolean) {
      hang = value;
    },
    async start(host: string) {
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notification(url: string): Notification & { recipient: WebhookRecipient } {
  return {
    subject: 'Weekly sales',
    recipient: { type: 'Webhook', url },
    description: 'For the week',
    url: 'http://tessera.test/explore/?slice_id=3',
    images: [{ name: 'Sales.png', contentType: 'image/png', content: PNG }],
    attachments: [{ name: 'Sales.csv', contentType: 'text/csv', content: CSV }],
    table: null,
    metadata: { report_id: 3, format: 'PNG' },
  };
}

async function failure(promise: Promise<unknown>): Promise<NotificationError> {
  const caught: unknown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(caught instanceof NotificationError))
    throw new Error(`expected a NotificationError, got ${String(caught)}`);
  return caught;
}

describe('webhook transport', () => {
  const sink = receiver();
  let port: number;
  beforeAll(async () => {
    port = await sink.start('127.0.0.1');
  });
  afterAll(async () => {
    await sink.close();
  });
  beforeEach(() => {
    sink.hits.length = 0;
    sink.plan.length = 0;
    sink.setHang(false);
  });

  it('posts multipart JSON metadata and the files to an allow-listed address', async () => {
    const transport = createWebhookTransport({ allowlist: ['127.0.0.1'] });
    const receipt = await transport.send(notification(`http://127.0.0.1:${String(port)}/hook?x=1`));
    expect(receipt.id).toBe('200');
    expect(sink.hits).toHaveLength(1);
    const hit = sink.hits[0];
    expect(hit?.url).toBe('/hook?x=1');
    expect(hit?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = parseMultipart(hit?.body ?? Buffer.alloc(0), hit?.contentType ?? '');
    const metadata = form.files.get('metadata');
    const payload = webhookPayloadSchema.parse(
      JSON.parse(Buffer.from(metadata?.content ?? []).toString('utf8')),
    );
    expect(payload).toMatchObject({
      subject: 'Weekly sales',
      url: 'http://tessera.test/explore/?slice_id=3',
      metadata: { report_id: 3, format: 'PNG' },
      files: [
        { field: 'image_1', name: 'Sales.png', content_type: 'image/png', size: PNG.length, inline: true },
        { field: 'file_1', name: 'Sales.csv', content_type: 'text/csv', size: CSV.length, inline: false },
      ],
    });
    const image = form.files.get('image_1');
    const csv = form.files.get('file_1');
    expect(Buffer.from(image?.content ?? []).equals(PNG)).toBe(true);
    expect(csv?.filename).toBe('Sales.csv');
    expect(Buffer.from(csv?.content ?? []).equals(CSV)).toBe(true);
  });

  it.each([
    ['loopback', (p: number) => `http://127.0.0.1:${String(p)}/`],
    ['loopback over https', (p: number) => `https://127.0.0.1:${String(p)}/`],
    ['private', () => 'https://10.0.0.7/hook'],
    ['IPv6 loopback', (p: number) => `https://[::1]:${String(p)}/`],
    ['IPv4-mapped loopback', (p: number) => `https://[::ffff:127.0.0.1]:${String(p)}/`],
    ['metadata service', () => 'https://169.254.169.254/latest/meta-data/'],
    ['a host name resolving to loopback', (p: number) => `https://localhost:${String(p)}/`],
  ])('refuses a %s target that is not allow-listed', async (_name, url) => {
    const transport = createWebhookTransport({ allowlist: ['hooks.internal', '192.168.0.0/16'] });
    const error = await failure(transport.send(notification(url(port))));
    expect(error.code).toBe('ADDRESS_REFUSED');
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/TESSERA_WEBHOOK_ALLOWLIST/);
    expect(sink.hits).toHaveLength(0);
  });

  it('refuses plain http to a public host, and any host with one private address among its answers', async () => {
    const publicOnly = createWebhookTransport({
      allowlist: [],
      resolve: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]),
    });
    const http = await failure(publicOnly.send(notification('http://hooks.example.com/in')));
    expect(http.code).toBe('HTTPS_REQUIRED');
    const mixed = createWebhookTransport({
      allowlist: [],
      resolve: () =>
        Promise.resolve([
          { address: '93.184.216.34', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ]),
    });
    const rebinding = await failure(mixed.send(notification('https://hooks.example.com/in')));
    expect(rebinding.code).toBe('ADDRESS_REFUSED');
    expect(sink.hits).toHaveLength(0);
  });

  it('sends to the address it checked, not to a second DNS answer', async () => {
    let lookups = 0;
    const transport = createWebhookTransport({
      allowlist: ['127.0.0.1'],
      // The name exists nowhere else: the request can only arrive through the pinned address.
      resolve: () => {
        lookups += 1;
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      },
    });
    await transport.send(notification(`http://hooks.tessera.invalid:${String(port)}/pinned`));
    expect(lookups).toBe(1);
    expect(sink.hits.map((hit) => [hit.url, hit.host])).toEqual([
      ['/pinned', `hooks.tessera.invalid:${String(port)}`],
    ]);
  });

  it('allows a listed host name, which also permits plain http', async () => {
    const transport = createWebhookTransport({ allowlist: ['localhost'] });
    await transport.send(notification(`http://localhost:${String(port)}/by-name`));
    expect(sink.hits.map((hit) => hit.url)).toEqual(['/by-name']);
  });

  it.each([
    [503, true],
    [429, true],
    [400, false],
    [404, false],
  ])('classifies HTTP %i as transient=%s', async (status, transient) => {
    sink.plan.push(status);
    const transport = createWebhookTransport({ allowlist: ['127.0.0.1'] });
    const error = await failure(transport.send(notification(`http://127.0.0.1:${String(port)}/`)));
    expect(error.code).toBe(`HTTP_${String(status)}`);
    expect(error.transient).toBe(transient);
  });

  it('does not follow a redirect', async () => {
    sink.plan.push(302);
    const transport = createWebhookTransport({ allowlist: ['127.0.0.1'] });
    const error = await failure(transport.send(notification(`http://127.0.0.1:${String(port)}/start`)));
    expect(error.message).toMatch(/redirects are not followed/);
    expect(error.transient).toBe(false);
    expect(sink.hits.map((hit) => hit.url)).toEqual(['/start']);
  });

  it('gives up on a receiver that does not answer, as a transient failure', async () => {
    sink.setHang(true);
    const transport = createWebhookTransport({ allowlist: ['127.0.0.1'], timeoutMs: 300 });
    const error = await failure(transport.send(notification(`http://127.0.0.1:${String(port)}/slow`)));
    expect(error.code).toBe('ETIMEDOUT');
    expect(error.transient).toBe(true);
  });

  it('retries transient answers and stops at a permanent one', async () => {
    const registry = new TransportRegistry().register(
      'Webhook',
      createWebhookTransport({ allowlist: ['127.0.0.1'] }),
    );
    const retry = { attempts: 5, baseDelayMs: 1, maxDelayMs: 5, jitter: 0 };
    sink.plan.push(503, 429);
    const receipt = await registry.deliver(notification(`http://127.0.0.1:${String(port)}/r`), retry);
    expect(receipt.id).toBe('200');
    expect(sink.hits).toHaveLength(3);

    sink.hits.length = 0;
    sink.plan.push(503, 400, 200);
    const error = await failure(registry.deliver(notification(`http://127.0.0.1:${String(port)}/r`), retry));
    expect(error.code).toBe('HTTP_400');
    expect(sink.hits).toHaveLength(2);

    sink.hits.length = 0;
    sink.plan.length = 0;
    const refused = await failure(registry.deliver(notification(`http://10.1.2.3:${String(port)}/r`), retry));
    expect(refused.code).toBe('ADDRESS_REFUSED');
    expect(sink.hits).toHaveLength(0);
  });

  it('answers a recipient type without a transport with a permanent error', async () => {
    const registry = new TransportRegistry();
    const error = await failure(registry.deliver(notification('https://hooks.example.com/')));
    expect(error.code).toBe('NO_TRANSPORT');
  });
});
