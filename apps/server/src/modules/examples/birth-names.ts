import {
  BIRTHS_BY_YEAR,
  BOY_NAMES,
  GIRL_NAMES,
  STATE_WEIGHTS,
  type NameGroups,
  type NameTrend,
} from './birth-names-data';
import type { Rng } from './prng';
import { epochDay, type Cell, type TableSpec } from './table-spec';

export const BIRTH_YEARS: { readonly first: number; readonly last: number } = { first: 1965, last: 2008 };

/** Average rows per year and gender across all states; a little under 1,700 rows a year in total. */
const ROWS_PER_GENDER_YEAR = 850;
/** Share of each gender's births carried by the ~200 listed names: names diversify over time. */
const COVERAGE = { boy: [0.62, 0.44], girl: [0.52, 0.34] } as const;
const BOY_SHARE = 0.512;
/** Counts below this are suppressed in the public data this imitates. */
const MIN_COUNT = 5;

type Gender = 'boy' | 'girl';

interface NameProfile {
  readonly name: string;
  /** Relative popularity in a given year, before normalising across the gender's names. */
  readonly weight: (year: number) => number;
}

/** How strongly each trend group weighs against the others at its own peak. */
const GROUP_SCALE: Record<NameTrend, number> = { falling: 1.1, peaking: 1.3, steady: 0.9, rising: 1.1 };

/** Each name gets a trend curve whose exact shape (decay speed, peak year, take-off year) is seeded. */
function profilesFor(groups: NameGroups, rng: Rng): NameProfile[] {
  const profiles: NameProfile[] = [];
  const trends: readonly NameTrend[] = ['falling', 'peaking', 'steady', 'rising'];
  for (const trend of trends) {
    groups[trend].forEach((name, rank) => {
      const base = GROUP_SCALE[trend] / (rank + 1) ** 0.8;
      switch (trend) {
        case 'falling': {
          const tau = rng.range(8, 18);
          profiles.push({ name, weight: (year) => base * Math.max(0.02, Math.exp(-(year - 1965) / tau)) });
          break;
        }
        case 'peaking': {
          const peak = rng.range(1972, 1994);
          const width = rng.range(5, 11);
          profiles.push({
            name,
            weight: (year) => base * Math.max(0.03, Math.exp(-0.5 * ((year - peak) / width) ** 2)),
          });
          break;
        }
        case 'steady': {
          const slope = rng.range(-0.4, 0.4);
          profiles.push({ name, weight: (year) => base * Math.exp((slope * (year - 1986.5)) / 21.5) });
          break;
        }
        case 'rising': {
          const middle = rng.range(1988, 2004);
          const spread = rng.range(3, 6);
          profiles.push({
            name,
            weight: (year) => base * Math.max(0.01, 1 / (1 + Math.exp(-(year - middle) / spread))),
          });
          break;
        }
      }
    });
  }
  return profiles;
}

function birthsInYear(year: number): number {
  let previous = BIRTHS_BY_YEAR[0];
  for (const anchor of BIRTHS_BY_YEAR) {
    if (previous !== undefined && anchor[0] >= year) {
      const span = anchor[0] - previous[0];
      const t = span === 0 ? 1 : (year - previous[0]) / span;
      return (previous[1] + (anchor[1] - previous[1]) * t) * 1_000_000;
    }
    previous = anchor;
  }
  return (previous?.[1] ?? 4) * 1_000_000;
}

function lerp(range: readonly [number, number], year: number): number {
  const t = (year - BIRTH_YEARS.first) / (BIRTH_YEARS.last - BIRTH_YEARS.first);
  return range[0] + (range[1] - range[0]) * t;
}

/** State shares for one year, after applying each state's population drift. */
function stateShares(year: number): number[] {
  const weights = STATE_WEIGHTS.map((state) =>
    Math.max(0.05, state.population * (1 + (state.drift * (year - 2000)) / 35)),
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

/** Names listed per state and gender scale with the square root of its size: big states list more. */
function namesPerState(year: number): number[] {
  const roots = STATE_WEIGHTS.map((state) => Math.sqrt(state.population));
  const totalRoot = roots.reduce((sum, root) => sum + root, 0);
  const yearFactor = 0.85 + 0.3 * ((year - BIRTH_YEARS.first) / (BIRTH_YEARS.last - BIRTH_YEARS.first));
  return roots.map((root) => Math.max(3, Math.round((ROWS_PER_GENDER_YEAR * yearFactor * root) / totalRoot)));
}

/**
 * Weighted sampling without replacement (Efraimidis-Spirakis): each name gets the key ln(u)/w and
 * the k largest keys win, so popular names are listed almost everywhere and rare ones only sometimes.
 */
function sampleNames(rng: Rng, weights: readonly number[], k: number): number[] {
  const keyed = weights.map((weight, index) => ({ index, key: Math.log(1 - rng.next()) / weight }));
  keyed.sort((a, b) => b.key - a.key || a.index - b.index);
  return keyed.slice(0, k).map((entry) => entry.index);
}

function* birthNameRows(rng: Rng): Generator<readonly Cell[]> {
  const profiles: Record<Gender, NameProfile[]> = {
    boy: profilesFor(BOY_NAMES, rng.fork('boy-trends')),
    girl: profilesFor(GIRL_NAMES, rng.fork('girl-trends')),
  };
  const genders: readonly Gender[] = ['boy', 'girl'];
  for (let year = BIRTH_YEARS.first; year <= BIRTH_YEARS.last; year++) {
    const ds = epochDay(year, 1, 1);
    const births = birthsInYear(year);
    const shares = stateShares(year);
    const perState = namesPerState(year);
    const nameShares: Record<Gender, number[]> = { boy: [], girl: [] };
    for (const gender of genders) {
      const weights = profiles[gender].map((profile) => profile.weight(year));
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      const coverage = lerp(COVERAGE[gender], year);
      nameShares[gender] = weights.map((weight) => (weight / total) * coverage);
    }
    for (let s = 0; s < STATE_WEIGHTS.length; s++) {
      const state = STATE_WEIGHTS[s];
      if (state === undefined) continue;
      const stateShare = shares[s] ?? 0;
      const k = perState[s] ?? 3;
      for (const gender of genders) {
        const genderBirths = births * (gender === 'boy' ? BOY_SHARE : 1 - BOY_SHARE) * stateShare;
        const weights = nameShares[gender];
        const picked = sampleNames(rng, weights, k).map((index) => ({
          name: profiles[gender][index]?.name ?? '',
          num: Math.max(MIN_COUNT, Math.round(genderBirths * (weights[index] ?? 0) * rng.logNoise(0.2))),
        }));
        picked.sort((a, b) => b.num - a.num || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const { name, num } of picked) {
          yield [ds, gender, name, num, state.code, gender === 'boy' ? num : 0, gender === 'girl' ? num : 0];
        }
      }
    }
  }
}

export const birthNamesTable: TableSpec = {
  name: 'birth_names',
  columns: [
    { name: 'ds', type: 'TIMESTAMP' },
    { name: 'gender', type: 'VARCHAR' },
    { name: 'name', type: 'VARCHAR' },
    { name: 'num', type: 'INTEGER' },
    { name: 'state', type: 'VARCHAR' },
    { name: 'num_boys', type: 'INTEGER' },
    { name: 'num_girls', type: 'INTEGER' },
  ],
  rows: birthNameRows,
};
