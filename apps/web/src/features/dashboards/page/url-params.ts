/** Spec 001 §2 display modes from `?standalone=`: 1 hides the navigation, 2 also the title, 3 is Report. */
export type StandaloneMode = 0 | 1 | 2 | 3;

export function readStandalone(search: string): StandaloneMode {
  const value = new URLSearchParams(search).get('standalone');
  if (value === '1' || value === 'true') return 1;
  if (value === '2') return 2;
  if (value === '3') return 3;
  return 0;
}

export function readEditFlag(search: string): boolean {
  return new URLSearchParams(search).get('edit') === 'true';
}

/** A route parameter of digits is an id; anything else a slug (slugs cannot be all digits). */
export function parseIdOrSlug(param: string): { id: number } | { slug: string } {
  return /^\d+$/.test(param) ? { id: Number(param) } : { slug: param };
}
