/** The schedule picker's shortcuts; each fills the cron field, which stays editable. */
export const CRON_PRESETS = [
  { key: 'hourly', label: 'Every hour', cron: '0 * * * *' },
  { key: 'midnight', label: 'Every day at midnight', cron: '0 0 * * *' },
  { key: 'daily', label: 'Every day at 09:00', cron: '0 9 * * *' },
  { key: 'weekdays', label: 'Weekdays at 09:00', cron: '0 9 * * 1-5' },
  { key: 'weekly', label: 'Every Monday at 09:00', cron: '0 9 * * 1' },
  { key: 'monthly', label: 'First day of the month at 09:00', cron: '0 9 1 * *' },
] as const;

export type CronPresetKey = (typeof CRON_PRESETS)[number]['key'];

/** The preset a cron text is, if any (so the picker shows it as chosen). */
export function presetOf(cron: string): CronPresetKey | undefined {
  const text = cron.trim().replace(/\s+/g, ' ');
  return CRON_PRESETS.find((preset) => preset.cron === text)?.key;
}

/** IANA zone names the browser knows, with UTC first (the server's default). */
export function timeZoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}
