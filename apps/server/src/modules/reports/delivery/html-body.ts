import type { NotificationTable } from '@tessera/contracts';
import type { Notification } from './notification';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** A cell as text: null as empty, objects and arrays as JSON, everything else as String() gives it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

const CELL = 'border:1px solid #d9d9d9;padding:4px 8px;text-align:left;';

/** The TEXT format: the data as an HTML table, every header and cell escaped. */
export function tableHtml(table: NotificationTable): string {
  const head = table.columns.map((column) => `<th style="${CELL}">${escapeHtml(column)}</th>`).join('');
  const rows = table.rows
    .map(
      (row) =>
        `<tr>${row.map((cell) => `<td style="${CELL}">${escapeHtml(cellText(cell))}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px;"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** Only http(s) links: a `javascript:` or `data:` URL in a report must not become a clickable link. */
export function safeLink(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The e-mail's HTML: description, the link back, the table and the images (by content id, so they
 * show in the body rather than as attachments). Every text from the report is escaped.
 */
export function notificationHtml(notification: Notification, imageCids: string[]): string {
  const parts: string[] = [];
  if (notification.description !== null && notification.description !== '') {
    parts.push(`<p>${escapeHtml(notification.description).replace(/\r?\n/g, '<br>')}</p>`);
  }
  const link = safeLink(notification.url);
  if (link !== null) parts.push(`<p><b><a href="${escapeHtml(link)}">Explore in Tessera</a></b></p>`);
  if (notification.table !== null) parts.push(tableHtml(notification.table));
  notification.images.forEach((image, index) => {
    const cid = imageCids[index];
    if (cid !== undefined) {
      parts.push(
        `<p><img src="cid:${escapeHtml(cid)}" alt="${escapeHtml(image.name)}" style="max-width:100%;"></p>`,
      );
    }
  });
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>${parts.join('\n')}</body></html>`;
}

/** The plain-text alternative: mail clients that show no HTML still get the link and the table. */
export function notificationText(notification: Notification): string {
  const parts: string[] = [];
  if (notification.description !== null && notification.description !== '')
    parts.push(notification.description);
  const link = safeLink(notification.url);
  if (link !== null) parts.push(`Explore in Tessera: ${link}`);
  if (notification.table !== null) {
    const lines = [notification.table.columns, ...notification.table.rows.map((row) => row.map(cellText))];
    parts.push(lines.map((cells) => cells.join('\t')).join('\n'));
  }
  return parts.join('\n\n');
}
