import { Avatar, Tooltip } from 'antd';

interface Person {
  id: number;
  first_name?: string;
  last_name?: string;
}

export const personName = (person: Person | null | undefined): string =>
  person ? `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() : '';

const initials = (person: Person): string =>
  `${(person.first_name ?? '').slice(0, 1)}${(person.last_name ?? '').slice(0, 1)}`.toUpperCase() || '?';

/** The owners of a list row as initials, each named in a tooltip; a few show, the rest as "+n". */
export function OwnerAvatars({ owners, max = 4 }: { owners: readonly Person[]; max?: number }) {
  if (owners.length === 0) return null;
  return (
    <Avatar.Group size="small" max={{ count: max }} data-test="owner-avatars">
      {owners.map((owner) => (
        <Tooltip key={owner.id} title={personName(owner)}>
          <Avatar size="small" aria-label={personName(owner)}>
            {initials(owner)}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
