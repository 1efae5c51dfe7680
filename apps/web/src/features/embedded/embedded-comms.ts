import { z } from 'zod';
import { onHostPort } from '../../shared/embedded/host-handshake';

/** The SDK's switchboard messages on that port: emits (no answer) and gets (answered by messageId). */
const portMessageSchema = z.discriminatedUnion('switchboardAction', [
  z.object({ switchboardAction: z.literal('emit'), method: z.string(), args: z.unknown() }),
  z.object({
    switchboardAction: z.literal('get'),
    method: z.string(),
    messageId: z.string(),
    args: z.unknown(),
  }),
]);
const guestTokenArgsSchema = z.object({ guestToken: z.string().min(1) });

/** What the page answers to the host's `get` calls; unknown methods get the switchboard's error. */
export type HostMethods = Record<string, (args: unknown) => unknown>;

/**
 * Answers the embedded SDK (issue #15 item 4): takes the port the host page transfers, then every
 * `guestToken` emit (the first one and each refresh) goes to `onGuestToken`, and `get` calls are
 * answered from `methods`. The port comes from shared/embedded/host-handshake.ts. Returns the unsubscribe.
 */
export function listenToHost(onGuestToken: (token: string) => void, methods: HostMethods): () => void {
  let port: MessagePort | null = null;
  const onPortMessage = (event: MessageEvent) => {
    const message = portMessageSchema.safeParse(event.data);
    if (!message.success || port === null) return;
    const data = message.data;
    if (data.switchboardAction === 'emit') {
      const args = guestTokenArgsSchema.safeParse(data.args);
      if (data.method === 'guestToken' && args.success) onGuestToken(args.data.guestToken);
      return;
    }
    const method = methods[data.method];
    if (method === undefined) {
      port.postMessage({
        switchboardAction: 'error',
        messageId: data.messageId,
        error: `[tessera-embedded] Method "${data.method}" is not defined`,
      });
      return;
    }
    try {
      port.postMessage({ switchboardAction: 'reply', messageId: data.messageId, result: method(data.args) });
    } catch {
      port.postMessage({
        switchboardAction: 'error',
        messageId: data.messageId,
        error: `[tessera-embedded] Method "${data.method}" threw an error`,
      });
    }
  };
  let current: MessagePort | null = null;
  const stop = onHostPort((next) => {
    current?.removeEventListener('message', onPortMessage);
    current = next;
    port = next;
    next.addEventListener('message', onPortMessage);
    next.start();
  });
  return () => {
    stop();
    current?.removeEventListener('message', onPortMessage);
  };
}
