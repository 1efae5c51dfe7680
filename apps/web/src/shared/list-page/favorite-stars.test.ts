import { describe, expect, it, vi } from 'vitest';
import { canEditOwned, favoriteStars } from './favorite-stars';

describe('favoriteStars', () => {
  const status = (refetch = vi.fn()) => ({
    data: {
      result: [
        { id: 1, value: true },
        { id: 2, value: false },
      ],
    },
    refetch,
  });

  it('stars an unstarred row and unstars a starred one, then reads the status again', async () => {
    const setFavorite = vi.fn(() => Promise.resolve({ data: null }));
    const refetch = vi.fn();
    const afterToggle = vi.fn();
    const onError = vi.fn();
    const stars = favoriteStars({
      status: status(refetch),
      setFavorite,
      errorText: 'no',
      onError,
      afterToggle,
    });
    expect([stars.isStarred(1), stars.isStarred(2), stars.isStarred(3)]).toEqual([true, false, false]);
    await stars.toggle(1);
    await stars.toggle(2);
    expect(setFavorite.mock.calls).toEqual([[{ id: 1, starred: false }], [{ id: 2, starred: true }]]);
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(afterToggle).toHaveBeenCalledTimes(2);
    expect(onError).not.toHaveBeenCalled();
  });

  it('tells the error text when the change is refused', async () => {
    const onError = vi.fn();
    const stars = favoriteStars({
      status: status(),
      setFavorite: () => Promise.resolve({ error: { status: 500 } }),
      errorText: 'There was an issue favoriting this dashboard.',
      onError,
    });
    await stars.toggle(2);
    expect(onError).toHaveBeenCalledWith('There was an issue favoriting this dashboard.');
  });
});

describe('canEditOwned', () => {
  it('needs the write permission, and then admin or an owner', () => {
    const owners = [{ id: 5 }];
    expect(canEditOwned({ id: 5 }, true, false, owners)).toBe(true);
    expect(canEditOwned({ id: 6 }, true, false, owners)).toBe(false);
    expect(canEditOwned({ id: 6 }, true, true, owners)).toBe(true);
    expect(canEditOwned({ id: 5 }, false, true, owners)).toBe(false);
    expect(canEditOwned(null, true, false, undefined)).toBe(false);
  });
});
