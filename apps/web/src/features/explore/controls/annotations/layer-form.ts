import {
  annotationLayerConfigSchema,
  type AnnotationLayerConfig,
  type AnnotationType,
} from '@tessera/contracts';

/** The types the control offers, with Superset's labels. */
export const LAYER_TYPES: readonly { value: AnnotationType; label: string }[] = [
  { value: 'FORMULA', label: 'Formula' },
  { value: 'EVENT', label: 'Event' },
  { value: 'INTERVAL', label: 'Interval' },
];

export const LAYER_STYLES = [
  { value: 'solid', label: 'Solid' },
  { value: 'dashed', label: 'Dashed' },
  { value: 'longDashed', label: 'Long dashed' },
  { value: 'dotted', label: 'Dotted' },
] as const;

/** The form data's layers that parse; others (from a newer client) are kept untouched by index. */
export function layersOf(value: unknown): (AnnotationLayerConfig | null)[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const parsed = annotationLayerConfigSchema.safeParse(item);
    return parsed.success ? parsed.data : null;
  });
}

export function newLayer(): AnnotationLayerConfig {
  return {
    name: '',
    annotationType: 'FORMULA',
    value: '',
    show: true,
    style: 'solid',
    width: 1,
    color: null,
  };
}

/**
 * What a layer needs before it can be saved: a name no other layer of the chart has (the name keys
 * its data), a value, and for events and intervals a source. Empty when it may be applied.
 */
export function layerProblems(layer: AnnotationLayerConfig, otherNames: readonly string[]): string[] {
  const problems: string[] = [];
  const name = layer.name.trim();
  if (name === '') problems.push('Name is required');
  else if (otherNames.includes(name)) problems.push('A layer with this name exists');
  if (String(layer.value).trim() === '')
    problems.push(layer.annotationType === 'FORMULA' ? 'Formula is required' : 'Choose an annotation layer');
  return problems;
}

/** The layer as saved: events and intervals read a Superset annotation layer (NATIVE). */
export function normalizedLayer(layer: AnnotationLayerConfig): AnnotationLayerConfig {
  const name = layer.name.trim();
  if (layer.annotationType === 'FORMULA') {
    const { sourceType: _dropped, ...rest } = layer;
    return { ...rest, name, value: String(layer.value).trim() };
  }
  return { ...layer, name, sourceType: 'NATIVE', value: Number(layer.value) };
}
