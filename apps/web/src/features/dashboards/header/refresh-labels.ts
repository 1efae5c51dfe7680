import { REFRESH_FREQUENCY_CHOICES } from '@tessera/contracts';

function unit(count: number, name: string): string {
  return `${String(count)} ${name}${count === 1 ? '' : 's'}`;
}

/** '10 seconds', '5 minutes', '24 hours'; 0 is "Don't refresh". */
export function refreshLabel(seconds: number): string {
  if (seconds === 0) return "Don't refresh";
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

export const REFRESH_OPTIONS = REFRESH_FREQUENCY_CHOICES.map((value) => ({
  value,
  label: refreshLabel(value),
}));
