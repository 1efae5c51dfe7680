/** The favourite status of the rows on screen, as the favorite_status endpoints answer it. */
interface FavoriteStatus {
  data?: { result: readonly { id: number; value: boolean }[] };
  refetch: () => unknown;
}

interface FavoriteStarsOptions {
  status: FavoriteStatus;
  /** The star or unstar request (an RTK Query mutation trigger). */
  setFavorite: (change: { id: number; starred: boolean }) => PromiseLike<object>;
  /** The toast when the change is refused. */
  errorText: string;
  onError: (text: string) => void;
  /** After every change (a list filtered on favourites reads its rows again). */
  afterToggle?: () => void;
}

/** Which rows on screen are starred, and the toggle that stars or unstars one and reads the status again. */
export function favoriteStars({
  status,
  setFavorite,
  errorText,
  onError,
  afterToggle,
}: FavoriteStarsOptions) {
  const starred = new Set(
    (status.data?.result ?? []).filter((entry) => entry.value).map((entry) => entry.id),
  );
  const toggle = async (id: number): Promise<void> => {
    const result = await setFavorite({ id, starred: !starred.has(id) });
    if ('error' in result) onError(errorText);
    void status.refetch();
    afterToggle?.();
  };
  return { isStarred: (id: number) => starred.has(id), toggle };
}

/** May `user` change an object with these owners: the write permission, and admin or an owner. */
export function canEditOwned(
  user: { id: number } | null,
  writes: boolean,
  admin: boolean,
  owners: readonly { id: number }[] | undefined,
): boolean {
  return writes && (admin || (user !== null && (owners ?? []).some((owner) => owner.id === user.id)));
}
