import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the sink got it: envelope and raw MIME. */
export interface Received {
  from: string;
  rcptTo: string[];
  raw: string;
  /** Date.now() when the message was accepted (benchmarks time schedule → mail with it). */
  receivedAt: number;
}

/** A real SMTP server on a free port; `reject` makes it answer DATA with that code. */
export async function startSink(options: { reject?: number; auth?: { user: string; pass: string } } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: options.auth === undefined ? ['STARTTLS', 'AUTH'] : ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: options.auth === undefined,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.reject !== undefined) {
          const error = Object.assign(new Error(`Refused with ${String(options.reject)}`), {
            responseCode: options.reject,
          });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
