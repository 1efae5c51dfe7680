import type { DashboardLayout } from '@tessera/contracts';

/** Every layout operation answers with the new layout (and maybe a warning to show) or a refusal. */
export type LayoutOpResult =
  { layout: DashboardLayout; warning?: string; createdId?: string } | { error: string };

export function isRefusal(result: LayoutOpResult): result is { error: string } {
  return 'error' in result;
}
