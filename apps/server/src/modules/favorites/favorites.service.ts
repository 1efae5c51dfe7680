// The module's interface for the chart and dashboard modules. Stars have no rules of their own (callers
// check the object's visibility first), so the service hands out the repo's operations as they are.
export {
  addFavorite,
  removeFavorite,
  removeFavoritesOf,
  starredIds,
  type FavoriteClass,
} from './favorites.repo';
