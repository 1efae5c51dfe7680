/**
 * Five-field cron in plain English, for the common shapes schedules use ('At 09:00 AM, only on
 * Monday', 'Every 5 minutes'). Anything it does not recognise is answered with the cron text itself:
 * a wrong description would be worse than none.
 */

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_ALIASES: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const MONTH_ALIASES: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** A field value: a number within bounds, or an alias (day and month names). */
function numberOf(text: string, min: number, max: number, aliases?: Record<string, number>): number | null {
  const alias = aliases?.[text.toLowerCase()];
  if (alias !== undefined) return alias;
  if (!/^\d{1,2}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** Every value of a comma list of numbers and a-b ranges, or null for steps and anything else. */
function listOf(field: string, min: number, max: number, aliases?: Record<string, number>): number[] | null {
  const values: number[] = [];
  for (const part of field.split(',')) {
    const range = /^([^-]+)-([^-]+)$/.exec(part);
    if (range?.[1] !== undefined && range[2] !== undefined) {
      const from = numberOf(range[1], min, max, aliases);
      const to = numberOf(range[2], min, max, aliases);
      if (from === null || to === null || from > to) return null;
      for (let value = from; value <= to; value += 1) values.push(value);
    } else {
      const value = numberOf(part, min, max, aliases);
      if (value === null) return null;
      values.push(value);
    }
  }
  return values;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function clock(hour: number, minute: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${pad(twelve)}:${pad(minute)} ${suffix}`;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}

/** `*\/n` as n, `*` as 1, otherwise null. */
function stepOf(field: string): number | null {
  if (field === '*') return 1;
  const match = /^\*\/(\d{1,2})$/.exec(field);
  return match?.[1] === undefined ? null : Number(match[1]);
}

function timePart(minute: string, hour: string): string | null {
  const minuteStep = stepOf(minute);
  const hourStep = stepOf(hour);
  if (minuteStep !== null && hour === '*') {
    return minuteStep === 1 ? 'Every minute' : `Every ${minuteStep} minutes`;
  }
  const minutes = listOf(minute, 0, 59);
  if (minutes?.length === 1 && minutes[0] !== undefined) {
    const m = minutes[0];
    if (hour === '*') return m === 0 ? 'Every hour' : `At ${m} minutes past the hour`;
    if (hourStep !== null) {
      const past = m === 0 ? 'At 0 minutes past the hour' : `At ${m} minutes past the hour`;
      return `${past}, every ${hourStep} hours`;
    }
    const hours = listOf(hour, 0, 23);
    if (hours !== null && hours.length > 0 && hours.length <= 6) {
      return `At ${joinWords(hours.map((h) => clock(h, m)))}`;
    }
  }
  if (minuteStep !== null && minuteStep > 1) {
    const hours = listOf(hour, 0, 23);
    if (hours?.length === 1 && hours[0] !== undefined) {
      return `Every ${minuteStep} minutes, between ${clock(hours[0], 0)} and ${clock(hours[0], 59)}`;
    }
  }
  return null;
}

function daysPart(dayOfMonth: string, dayOfWeek: string): string | null {
  const parts: string[] = [];
  if (dayOfMonth !== '*' && dayOfMonth !== '?') {
    const days = listOf(dayOfMonth, 1, 31);
    if (days === null) return null;
    parts.push(`on day ${joinWords(days.map(String))} of the month`);
  }
  if (dayOfWeek !== '*' && dayOfWeek !== '?') {
    const range = /^([^-,]+)-([^-,]+)$/.exec(dayOfWeek);
    if (range?.[1] !== undefined && range[2] !== undefined) {
      const from = numberOf(range[1], 0, 7, DAY_ALIASES);
      const to = numberOf(range[2], 0, 7, DAY_ALIASES);
      if (from === null || to === null || from >= to) return null;
      parts.push(`${DAY_NAMES[from % 7] ?? ''} through ${DAY_NAMES[to % 7] ?? ''}`);
    } else {
      const days = listOf(dayOfWeek, 0, 7, DAY_ALIASES);
      if (days === null) return null;
      parts.push(`only on ${joinWords(days.map((day) => DAY_NAMES[day % 7] ?? ''))}`);
    }
  }
  return parts.join(', ');
}

function monthsPart(month: string): string | null {
  if (month === '*') return '';
  const months = listOf(month, 1, 12, MONTH_ALIASES);
  if (months === null) return null;
  return `only in ${joinWords(months.map((m) => MONTH_NAMES[m - 1] ?? ''))}`;
}

export function describeCron(cron: string): string {
  const text = cron.trim();
  const expanded = NICKNAMES[text.toLowerCase()] ?? text;
  const fields = expanded.split(/\s+/);
  if (fields.length !== 5) return text;
  const [minute = '', hour = '', dayOfMonth = '', month = '', dayOfWeek = ''] = fields;
  const time = timePart(minute, hour);
  const days = daysPart(dayOfMonth, dayOfWeek);
  const months = monthsPart(month);
  if (time === null || days === null || months === null) return text;
  return [time, days, months].filter((part) => part !== '').join(', ');
}
