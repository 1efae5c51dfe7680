import { isExternalUrl } from '@tessera/core';

/**
 * Where to go after logging in: the `next` parameter when it is a path in this app, else the default.
 * Anything that could leave the site ('//evil.example', 'https://...', '/\\evil') is refused.
 */
export function safeNextPath(next: string | null, fallback: string): string {
  if (next === null) return fallback;
  const trimmed = next.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return fallback;
  if (isExternalUrl(trimmed) || trimmed.startsWith('/login')) return fallback;
  return trimmed;
}
