import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import atlas from 'world-atlas/countries-110m.json';
import { numericToAlpha3 } from './countries';

/**
 * World geometry for the map: Natural Earth 1:110m countries from world-atlas, converted from
 * TopoJSON to the GeoJSON echarts draws, each feature named by its ISO alpha-3 code so that rows
 * match it whatever code the dataset uses. Only the map's lazy chunk imports this module.
 */

interface CountryProperties {
  name: string;
}
type WorldTopology = Topology<{ countries: GeometryCollection<CountryProperties> }>;

export interface WorldGeometry {
  /** Features named by alpha-3 code (or by their own name where Natural Earth has no ISO code). */
  geoJson: FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  /** Longitude and latitude of each country's bubble: the centre of its largest polygon. */
  centers: ReadonlyMap<string, readonly [number, number]>;
}

function isRecordLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The package's JSON is typed by inference only; check the shape the conversion relies on. */
function isWorldTopology(value: unknown): value is WorldTopology {
  if (!isRecordLike(value) || value.type !== 'Topology' || !Array.isArray(value.arcs)) return false;
  const objects = value.objects;
  if (!isRecordLike(objects) || !isRecordLike(objects.countries)) return false;
  return objects.countries.type === 'GeometryCollection' && Array.isArray(objects.countries.geometries);
}

/** Twice the signed area of a ring (shoelace); only magnitudes are compared. */
function ringArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let index = 0; index < ring.length - 1; index++) {
    const [x1 = 0, y1 = 0] = ring[index] ?? [];
    const [x2 = 0, y2 = 0] = ring[index + 1] ?? [];
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum);
}

/** Centre of the largest polygon's outer ring, so France's bubble sits in Europe, not Guiana. */
export function largestPolygonCenter(geometry: Polygon | MultiPolygon): [number, number] | undefined {
  const polygons: Position[][][] =
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best: Position[] | undefined;
  let bestArea = -1;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (outer === undefined) continue;
    const area = ringArea(outer);
    if (area > bestArea) {
      best = outer;
      bestArea = area;
    }
  }
  if (best === undefined || best.length === 0) return undefined;
  const xs = best.map((point) => point[0] ?? 0);
  const ys = best.map((point) => point[1] ?? 0);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/**
 * world-atlas stitches rings across the antimeridian (it is made for spherical renderers), so on a
 * flat map Russia's and Fiji's rings jump from +180 to -180 and draw streaks across the world.
 * A polygon that jumps gets its western longitudes moved east by 360: it then runs on past +180.
 */
export function unwrapAntimeridian(polygon: Position[][]): Position[][] {
  const jumps = polygon.some((ring) =>
    ring.some((point, index) => {
      const next = ring[index + 1];
      return next !== undefined && Math.abs((next[0] ?? 0) - (point[0] ?? 0)) > 180;
    }),
  );
  if (!jumps) return polygon;
  return polygon.map((ring) =>
    ring.map(([longitude = 0, latitude = 0]) => [longitude < 0 ? longitude + 360 : longitude, latitude]),
  );
}

function flatGeometry(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: unwrapAntimeridian(geometry.coordinates) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map(unwrapAntimeridian) };
}

/** Antarctica takes a fifth of a flat world's height and no dataset has people there. */
const LEFT_OUT = new Set(['ATA']);

let cached: WorldGeometry | undefined;

export function worldGeometry(): WorldGeometry {
  if (cached) return cached;
  const topology: unknown = atlas;
  if (!isWorldTopology(topology)) throw new Error('world-atlas: unexpected countries-110m.json shape');
  const collection = feature(topology, topology.objects.countries);
  const centers = new Map<string, readonly [number, number]>();
  const features = collection.features.flatMap(
    (item): Feature<Polygon | MultiPolygon, { name: string }>[] => {
      const source: Geometry = item.geometry;
      // Countries are areas; anything else in the file would have nothing to shade.
      if (source.type !== 'Polygon' && source.type !== 'MultiPolygon') return [];
      const id = typeof item.id === 'string' ? numericToAlpha3(item.id) : undefined;
      const name = id ?? item.properties.name;
      if (LEFT_OUT.has(name)) return [];
      const geometry = flatGeometry(source);
      const center = largestPolygonCenter(geometry);
      if (center) centers.set(name, center);
      return [{ type: 'Feature', geometry, properties: { name } }];
    },
  );
  cached = { geoJson: { type: 'FeatureCollection', features }, centers };
  return cached;
}
