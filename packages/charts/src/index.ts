/** Chart plugin registry; plugins arrive with the Explore issue. */
export const chartPluginRegistry: ReadonlyMap<string, never> = new Map<string, never>();
