import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSettings } from '../../../platform/config';
import { createEmailTransport } from './email-transport';
import type { EmailRecipient, Notification } from './notification';
import { NotificationError } from './notification-error';
import { leafParts, parseMime } from './test-utils/mime';
import { startSink } from './test-utils/smtp-sink';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n% test\n%%EOF\n');

function settings(port: number, extra: Partial<SmtpSettings> = {}): SmtpSettings {
  return {
    host: '127.0.0.1',
    port,
    secure: false,
    user: null,
    password: null,
    from: 'reports@tessera.test',
    ...extra,
  };
}

function notification(overrides: Partial<Notification> = {}): Notification & { recipient: EmailRecipient } {
  return {
    subject: 'Weekly sales',
    recipient: {
      type: 'Email',
      to: ['ann@example.com', 'bob@example.com'],
      cc: ['carl@example.com'],
      bcc: ['dora@example.com'],
    },
    description: 'Numbers <for> "the" week & more',
    url: 'http://tessera.test/superset/dashboard/7/',
    images: [{ name: 'Sales.png', contentType: 'image/png', content: PNG }],
    attachments: [{ name: 'Sales.pdf', contentType: 'application/pdf', content: PDF }],
    table: {
      columns: ['name <b>', 'total'],
      rows: [
        ['<script>alert(1)</script>', 3],
        ['Tom & "Jerry"', null],
      ],
    },
    metadata: { report_id: 7, format: 'PDF' },
    ...overrides,
  } as Notification & { recipient: EmailRecipient };
}

describe('e-mail transport (real SMTP server)', () => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  beforeAll(async () => {
    sink = await startSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('sends the prefixed subject to to/cc/bcc with the image inline and the PDF attached', async () => {
    const transport = createEmailTransport(settings(sink.port));
    const receipt = await transport.send(notification());
    transport.close?.();
    expect(receipt.id).toMatch(/@/);
    const mail = sink.received.at(-1);
    expect(mail?.from).toBe('reports@tessera.test');
    expect(mail?.rcptTo.sort()).toEqual([
      'ann@example.com',
      'bob@example.com',
      'carl@example.com',
      'dora@example.com',
    ]);
    const message = parseMime(mail?.raw ?? '');
    expect(message.headers.get('subject')).toBe('[Report] Weekly sales');
    expect(message.headers.get('to')).toBe('ann@example.com, bob@example.com');
    expect(message.headers.get('cc')).toBe('carl@example.com');
    // Bcc recipients get the mail without being named in it.
    expect(message.headers.has('bcc')).toBe(false);
    expect(mail?.raw).not.toContain('dora@example.com');
    expect(message.headers.get('x-tessera-report-id')).toBe('7');

    const leaves = leafParts(message);
    const html = leaves.find((part) => part.headers.get('content-type')?.startsWith('text/html'));
    const image = leaves.find((part) => part.headers.get('content-type')?.startsWith('image/png'));
    const pdf = leaves.find((part) => part.headers.get('content-type')?.startsWith('application/pdf'));
    const cid = /<([^>]+)>/.exec(image?.headers.get('content-id') ?? '')?.[1];
    expect(cid).toBeDefined();
    expect(image?.headers.get('content-disposition')).toMatch(/^inline/);
    expect(image?.body.equals(PNG)).toBe(true);
    expect(pdf?.headers.get('content-disposition')).toMatch(/^attachment; filename=Sales\.pdf/);
    expect(pdf?.body.equals(PDF)).toBe(true);

    const body = html?.body.toString('utf8') ?? '';
    expect(body).toContain(`<img src="cid:${cid ?? ''}"`);
    expect(body).toContain('<a href="http://tessera.test/superset/dashboard/7/">Explore in Tessera</a>');
    expect(body).toContain('Numbers &lt;for&gt; &quot;the&quot; week &amp; more');
    expect(body).toContain('name &lt;b&gt;</th>');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;</td>');
    expect(body).toContain('Tom &amp; &quot;Jerry&quot;</td>');
    expect(body).not.toContain('<script>');
  });

  it('keeps a line break in metadata from adding a header', async () => {
    const transport = createEmailTransport(settings(sink.port));
    await transport.send(
      notification({
        metadata: { name: 'Sales\r\nBcc: eve@example.com', report_id: 8 },
        images: [],
        attachments: [],
      }),
    );
    transport.close?.();
    const mail = sink.received.at(-1);
    expect(mail?.rcptTo).not.toContain('eve@example.com');
    const message = parseMime(mail?.raw ?? '');
    expect(message.headers.has('bcc')).toBe(false);
    expect(message.headers.get('x-tessera-name')).toBe('Sales Bcc: eve@example.com');
  });

  it('logs in when a user is set', async () => {
    const authSink = await startSink({ auth: { user: 'mailer', pass: 's3cret' } });
    try {
      const good = createEmailTransport(settings(authSink.port, { user: 'mailer', password: 's3cret' }));
      await good.send(notification({ images: [], attachments: [], table: null }));
      good.close?.();
      expect(authSink.received).toHaveLength(1);
      const bad = createEmailTransport(settings(authSink.port, { user: 'mailer', password: 'wrong' }));
      const error = await bad.send(notification()).catch((caught: unknown) => caught);
      bad.close?.();
      expect(error).toBeInstanceOf(NotificationError);
      expect((error as NotificationError).transient).toBe(false);
    } finally {
      await authSink.close();
    }
  });

  it('classifies SMTP 4xx as transient and 5xx as permanent', async () => {
    for (const [code, transient] of [
      [451, true],
      [550, false],
    ] as const) {
      const refusing = await startSink({ reject: code });
      try {
        const transport = createEmailTransport(settings(refusing.port));
        const error = await transport.send(notification()).catch((caught: unknown) => caught);
        transport.close?.();
        expect(error).toBeInstanceOf(NotificationError);
        expect((error as NotificationError).transient).toBe(transient);
        expect((error as NotificationError).code).toBe(`SMTP_${String(code)}`);
        expect((error as NotificationError).toSupersetError().error_type).toBe('REPORT_NOTIFICATION_ERROR');
      } finally {
        await refusing.close();
      }
    }
  });

  it('counts a refused connection as transient', async () => {
    const closed = await startSink();
    const port = closed.port;
    await closed.close();
    const transport = createEmailTransport(settings(port));
    const error = await transport.send(notification()).catch((caught: unknown) => caught);
    transport.close?.();
    expect(error).toBeInstanceOf(NotificationError);
    expect((error as NotificationError).transient).toBe(true);
  });
});
