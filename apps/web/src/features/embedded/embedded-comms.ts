import { z } from 'zod';
import type { ThemeMode, ThemeTokens } from '../../app/theme/theme-slice';
import { onHostPort } from '../../shared/embedded/host-handshake';

/**
 * The SDK's switchboard messages on that port: emits (no answer), gets (answered by messageId), and the
 * host's replies and errors to the page's own gets.
 */
const portMessageSchema = z.discriminatedUnion('switchboardAction', [
  z.object({ switchboardAction: z.literal('emit'), method: z.string(), args: z.unknown() }),
  z.object({
    switchboardAction: z.literal('get'),
    method: z.string(),
    messageId: z.string(),
    args: z.unknown(),
  }),
  z.object({ switchboardAction: z.literal('reply'), messageId: z.string(), result: z.unknown() }),
  z.object({ switchboardAction: z.literal('error'), messageId: z.string(), error: z.unknown() }),
]);
const guestTokenArgsSchema = z.object({ guestToken: z.string().min(1) });
/** The SDK's theme modes (embedDashboard's setThemeMode). */
const themeModeArgsSchema = z.object({ mode: z.enum(['default', 'dark', 'system']) });
export type HostThemeMode = z.infer<typeof themeModeArgsSchema>['mode'];
/** One antd theme as Superset's THEME_DEFAULT / THEME_DARK hold it: design tokens (and more we ignore). */
const antdThemeSchema = z.object({
  token: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
/**
 * The SDK's setThemeConfig: Superset's theme config, `theme_default` (light) and `theme_dark`; a bare
 * antd theme ({token}) is taken as the light one.
 */
const themeConfigArgsSchema = z.object({
  themeConfig: antdThemeSchema.extend({
    theme_default: antdThemeSchema.optional(),
    theme_dark: antdThemeSchema.optional(),
  }),
});
export type HostThemeTokens = Partial<Record<ThemeMode, ThemeTokens>>;

/** The tokens of each mode in a setThemeConfig payload; null when it is not one. */
export function hostThemeTokens(args: unknown): HostThemeTokens | null {
  const parsed = themeConfigArgsSchema.safeParse(args);
  if (!parsed.success) return null;
  const { token, theme_default: light, theme_dark: dark } = parsed.data.themeConfig;
  const tokens: HostThemeTokens = {};
  const lightTokens = light?.token ?? token;
  if (lightTokens !== undefined) tokens.light = lightTokens;
  if (dark?.token !== undefined) tokens.dark = dark.token;
  return tokens;
}

/** What the page answers to the host's `get` calls; unknown methods get the switchboard's error. */
export type HostMethods = Record<string, (args: unknown) => unknown>;

/** The host's emits the page acts on. */
export interface HostEmits {
  /** The first token and each refresh. */
  onGuestToken: (token: string) => void;
  onThemeMode: (mode: HostThemeMode) => void;
  /** The SDK's setThemeConfig: design tokens for the light and the dark theme. */
  onThemeTokens: (tokens: HostThemeTokens) => void;
}

export interface HostConnection {
  stop: () => void;
  /** Calls a method the host defined (the SDK's observeDataMask); dropped until the host's port is here. */
  emit: (method: string, args: unknown) => void;
  /**
   * Asks the host a method it defined (the SDK's resolvePermalinkUrl) and resolves with its answer;
   * rejects on the host's error, or when no host port is here.
   */
  get: (method: string, args: unknown) => Promise<unknown>;
}

/**
 * Answers the embedded SDK (issue #15 item 4): takes the port the host page transfers, then acts on the
 * host's emits (`guestToken`, first and refreshed; `setThemeMode`; `setThemeConfig`) and answers `get` calls from `methods`.
 * The port comes from shared/embedded/host-handshake.ts.
 */
export function listenToHost(emits: HostEmits, methods: HostMethods): HostConnection {
  let port: MessagePort | null = null;
  let asked = 0;
  const awaiting = new Map<string, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  const onPortMessage = (event: MessageEvent) => {
    const message = portMessageSchema.safeParse(event.data);
    if (!message.success || port === null) return;
    const data = message.data;
    if (data.switchboardAction === 'reply' || data.switchboardAction === 'error') {
      const waiter = awaiting.get(data.messageId);
      awaiting.delete(data.messageId);
      if (data.switchboardAction === 'reply') waiter?.resolve(data.result);
      else waiter?.reject(new Error(String(data.error)));
      return;
    }
    if (data.switchboardAction === 'emit') {
      if (data.method === 'guestToken') {
        const args = guestTokenArgsSchema.safeParse(data.args);
        if (args.success) emits.onGuestToken(args.data.guestToken);
      } else if (data.method === 'setThemeMode') {
        const args = themeModeArgsSchema.safeParse(data.args);
        if (args.success) emits.onThemeMode(args.data.mode);
      } else if (data.method === 'setThemeConfig') {
        const tokens = hostThemeTokens(data.args);
        if (tokens !== null) emits.onThemeTokens(tokens);
      }
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
    const replyTo = port;
    // A method may answer later (a promise); the reply goes to the port that asked.
    Promise.resolve()
      .then(() => method(data.args))
      .then(
        (result) => replyTo.postMessage({ switchboardAction: 'reply', messageId: data.messageId, result }),
        () =>
          replyTo.postMessage({
            switchboardAction: 'error',
            messageId: data.messageId,
            error: `[tessera-embedded] Method "${data.method}" threw an error`,
          }),
      );
  };
  const stopListening = onHostPort((next) => {
    port?.removeEventListener('message', onPortMessage);
    port = next;
    next.addEventListener('message', onPortMessage);
    next.start();
  });
  return {
    stop: () => {
      stopListening();
      port?.removeEventListener('message', onPortMessage);
    },
    emit: (method, args) => {
      port?.postMessage({ switchboardAction: 'emit', method, args });
    },
    get: (method, args) => {
      if (port === null) return Promise.reject(new Error('No embedding host'));
      asked += 1;
      const messageId = `tessera-${String(asked)}`;
      const asking = port;
      return new Promise((resolve, reject) => {
        awaiting.set(messageId, { resolve, reject });
        asking.postMessage({ switchboardAction: 'get', method, messageId, args });
      });
    },
  };
}
