import type { TagRef } from '@tessera/contracts';
import { Flex, Tag } from 'antd';
import { truncateTag } from '../../shared/ui/async-select/async-select-rules';
import { allEntitiesPath } from './paths';
import { useTagging } from './use-tagging';

interface ObjectTagsProps {
  /** The object's tags as its API answers them; only custom tags are shown, as Superset does. */
  tags: readonly Partial<TagRef>[] | undefined;
  'data-test'?: string;
}

/**
 * An object's tags, each a link to the all-entities page of that tag opened in a new tab (spec 001 §2).
 * Nothing shows while TAGGING_SYSTEM is off or the object has no tags.
 */
export function ObjectTags({ tags, 'data-test': dataTest = 'object-tags' }: ObjectTagsProps) {
  const enabled = useTagging();
  const shown = (tags ?? []).filter(
    (tag): tag is Partial<TagRef> & { id: number; name: string } =>
      tag.id !== undefined && tag.name !== undefined && (tag.type ?? 'custom') === 'custom',
  );
  if (!enabled || shown.length === 0) return null;
  return (
    <Flex wrap gap={4} data-test={dataTest}>
      {shown.map((tag) => (
        <Tag key={tag.id} style={{ marginInlineEnd: 0 }}>
          <a
            href={allEntitiesPath(tag.id)}
            target="_blank"
            rel="noopener"
            title={tag.name}
            data-test="tag-link"
          >
            {truncateTag(tag.name)}
          </a>
        </Tag>
      ))}
    </Flex>
  );
}
