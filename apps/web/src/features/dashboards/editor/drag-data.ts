import { layoutComponentTypeSchema } from '@tessera/contracts';
import { z } from 'zod';
import { NEW_COMPONENT_TYPES } from '../layout-ops';

/**
 * What the editor puts in dnd-kit's `data` of its draggables and droppables. Droppables are either a
 * component's frame (drops beside or inside it) or a container's end zone (drops at its end). dnd-kit
 * types `data` as any record, so it is read back through these schemas.
 */
const draggedItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('new'),
    type: z.enum(NEW_COMPONENT_TYPES),
    chart: z
      .object({ chartId: z.number().int(), sliceName: z.string(), uuid: z.string().optional() })
      .optional(),
  }),
  z.object({ kind: z.literal('existing'), id: z.string() }),
]);

export const dragDataSchema = z.object({ dragged: draggedItemSchema, label: z.string() });
export type DragData = z.infer<typeof dragDataSchema>;

export const dropDataSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('frame'),
    componentId: z.string(),
    type: layoutComponentTypeSchema,
    parentId: z.string(),
    parentType: layoutComponentTypeSchema,
    index: z.number().int(),
  }),
  z.object({ kind: z.literal('zone'), containerId: z.string() }),
]);
export type DropData = z.infer<typeof dropDataSchema>;

export function asDragData(value: unknown): DragData | undefined {
  const parsed = dragDataSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function asDropData(value: unknown): DropData | undefined {
  const parsed = dropDataSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
