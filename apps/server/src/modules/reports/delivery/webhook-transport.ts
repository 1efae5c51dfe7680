import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookPayload } from '@tessera/contracts';
import { classifyAddress, WebhookAllowlist } from './address-guard';
import type {
  DeliveryReceipt,
  Notification,
  NotificationFile,
  Transport,
  WebhookRecipient,
} from './notification';
import { isTransientHttpStatus, isTransientNetworkCode, NotificationError } from './notification-error';

export interface WebhookOptions {
  /** TESSERA_WEBHOOK_ALLOWLIST entries (parsed by platform/webhook-allowlist.ts). */
  allowlist: readonly string[];
  /** The whole request, connection to last response byte. */
  timeoutMs?: number;
  /** Name resolution; replaceable in tests. Every address it returns is checked. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** A receiver's answer is read only to free the socket; more than this is not waited for. */
const MAX_RESPONSE_BYTES = 64 * 1024;

const systemResolve = (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true });

/** Where a webhook request goes: the checked address it is pinned to, and the URL it names. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

function refuse(message: string, code = 'ADDRESS_REFUSED'): NotificationError {
  return new NotificationError(message, false, code);
}

/**
 * Checks a webhook URL and resolves its host once: HTTPS only, and no loopback, private, link-local,
 * unique-local, CGNAT, metadata, multicast or unspecified address, unless the host or the address is
 * allow-listed (which also permits plain HTTP). The request is then sent to the returned address, so
 * a second, different DNS answer (rebinding) cannot redirect it.
 */
export async function resolveWebhookTarget(
  rawUrl: string,
  allowlist: WebhookAllowlist,
  resolve: (hostname: string) => Promise<LookupAddress[]> = systemResolve,
): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refuse(`The webhook URL is not a valid URL`, 'INVALID_URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse(`The webhook URL must use https`, 'INVALID_URL');
  }
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const hostListed = allowlist.hasHost(hostname);
  let addresses: LookupAddress[];
  if (isIP(hostname) !== 0) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      const code =
        error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'EDNS';
      throw new NotificationError(
        `The webhook host ${hostname} could not be resolved (${code})`,
        code === 'EAI_AGAIN',
        code,
        {
          cause: error,
        },
      );
    }
  }
  if (addresses.length === 0) throw refuse(`The webhook host ${hostname} has no address`, 'ENOTFOUND');
  let allListed = true;
  for (const { address } of addresses) {
    const listed = hostListed || allowlist.hasAddress(address);
    allListed &&= listed;
    const kind = classifyAddress(address);
    // Any forbidden answer refuses the host: one public and one private address is a rebinding setup.
    if (kind !== null && !listed) {
      throw refuse(
        `The webhook host ${hostname} resolves to a ${kind} address (${address}); add it to TESSERA_WEBHOOK_ALLOWLIST to allow it`,
      );
    }
  }
  if (url.protocol === 'http:' && !allListed) {
    throw refuse(
      `The webhook URL must use https unless its host is in TESSERA_WEBHOOK_ALLOWLIST`,
      'HTTPS_REQUIRED',
    );
  }
  const first = addresses[0];
  if (first === undefined) throw refuse(`The webhook host ${hostname} has no address`, 'ENOTFOUND');
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A lookup that answers every name with the checked address, in both of Node's callback shapes. */
function pinnedLookup(target: WebhookTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function fileFields(
  notification: Notification,
): { field: string; file: NotificationFile; inline: boolean }[] {
  return [
    ...notification.images.map((file, index) => ({
      field: `image_${String(index + 1)}`,
      file,
      inline: true,
    })),
    ...notification.attachments.map((file, index) => ({
      field: `file_${String(index + 1)}`,
      file,
      inline: false,
    })),
  ];
}

/**
 * The POST body: multipart/form-data with a `metadata` part (application/json, WebhookPayload) and one
 * part per file, so binary files travel unencoded and receivers use their framework's upload parsing.
 */
export async function webhookBody(
  notification: Notification,
): Promise<{ body: Buffer; contentType: string }> {
  const files = fileFields(notification);
  const payload: WebhookPayload = {
    subject: notification.subject,
    description: notification.description,
    url: notification.url,
    table: notification.table,
    files: files.map(({ field, file, inline }) => ({
      field,
      name: file.name,
      content_type: file.contentType,
      size: file.content.byteLength,
      inline,
    })),
    metadata: notification.metadata,
  };
  const form = new FormData();
  form.append('metadata', new Blob([JSON.stringify(payload)], { type: 'application/json' }), 'metadata.json');
  for (const { field, file } of files) {
    form.append(field, new Blob([Buffer.from(file.content)], { type: file.contentType }), file.name);
  }
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType };
}

function post(target: WebhookTarget, body: Buffer, contentType: string, timeoutMs: number): Promise<number> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        headers: {
          'content-type': contentType,
          'content-length': String(body.byteLength),
          'user-agent': 'Tessera-Reports',
        },
        timeout: timeoutMs,
        // Node's http client never follows redirects; a 3xx is answered below as a failure.
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => {
          resolve(response.statusCode ?? 0);
        });
        response.on('error', () => {
          resolve(response.statusCode ?? 0);
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy(
        Object.assign(new Error(`The webhook did not answer within ${String(timeoutMs)} ms`), {
          code: 'ETIMEDOUT',
        }),
      );
    }, timeoutMs);
    request.on('timeout', () => {
      request.destroy(
        Object.assign(new Error(`The webhook did not answer within ${String(timeoutMs)} ms`), {
          code: 'ETIMEDOUT',
        }),
      );
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('close', () => {
      clearTimeout(timer);
    });
    request.end(body);
  });
}

/** Webhooks: one multipart POST per notification to an address checked by resolveWebhookTarget. */
export function createWebhookTransport(options: WebhookOptions): Transport<WebhookRecipient> {
  const allowlist = new WebhookAllowlist(options.allowlist);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    type: 'Webhook',
    async send(notification): Promise<DeliveryReceipt> {
      const target = await resolveWebhookTarget(notification.recipient.url, allowlist, options.resolve);
      const { body, contentType } = await webhookBody(notification);
      let status: number;
      try {
        status = await post(target, body, contentType, timeoutMs);
      } catch (error) {
        const code =
          error instanceof Error && 'code' in error && typeof error.code === 'string'
            ? error.code
            : 'UNKNOWN';
        throw new NotificationError(
          `The webhook request failed: ${error instanceof Error ? error.message : String(error)}`,
          isTransientNetworkCode(code),
          code,
          { cause: error },
        );
      }
      if (status >= 200 && status < 300) return { id: String(status) };
      const hint = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
      throw new NotificationError(
        `The webhook answered HTTP ${String(status)}${hint}`,
        isTransientHttpStatus(status),
        `HTTP_${String(status)}`,
      );
    },
  };
}
