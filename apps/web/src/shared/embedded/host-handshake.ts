import { EMBEDDED_COMMS_MESSAGE_TYPE } from '@tessera/contracts';
import { z } from 'zod';

/** The SDK's handshake: `{type: '__embedded_comms__', handshake: 'port transfer'}` with one MessagePort. */
const handshakeSchema = z.object({
  type: z.literal(EMBEDDED_COMMS_MESSAGE_TYPE),
  handshake: z.literal('port transfer'),
});

let port: MessagePort | null = null;
const waiting = new Set<(port: MessagePort) => void>();

/**
 * Listens for the embedded SDK's handshake from the parent window. Called by the entry before React
 * renders: the SDK sends it on the iframe's load event, which can come before the lazily loaded
 * embedded page exists, and a missed handshake never comes again. The port keeps the host's messages
 * queued until the page starts it.
 */
export function captureHostHandshake(): void {
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || !handshakeSchema.safeParse(event.data).success) return;
    const [transferred] = event.ports;
    if (transferred === undefined) return;
    port = transferred;
    for (const notify of waiting) notify(transferred);
  });
}

/** Calls `receive` with the host's port now or when it arrives (again on a new handshake); returns the unsubscribe. */
export function onHostPort(receive: (port: MessagePort) => void): () => void {
  waiting.add(receive);
  if (port !== null) receive(port);
  return () => {
    waiting.delete(receive);
  };
}
