import type { Rng } from './prng';
import { roundTo, type Cell, type TableSpec } from './table-spec';
import { COUNTRY_LINES, WB_REGIONS, type IncomeTier, type WbRegion } from './world-health-data';

export const WB_YEARS: { readonly first: number; readonly last: number } = { first: 1960, last: 2015 };

export interface WbCountry {
  readonly code: string;
  readonly name: string;
  readonly region: WbRegion;
  readonly population2015: number;
  readonly tier: IncomeTier;
  readonly hivDip: boolean;
  readonly oil: boolean;
  readonly slow: boolean;
  readonly cityState: boolean;
  /** First year with economic series (GDP, CO2); earlier years are NULL. */
  readonly dataFrom: number;
}

const TIERS: readonly IncomeTier[] = ['H', 'UM', 'LM', 'L'];

function isTier(value: string): value is IncomeTier {
  return (TIERS as readonly string[]).includes(value);
}

function parseCountry(line: string, region: WbRegion): WbCountry {
  const [code = '', name = '', population = '', tier = '', flagText = ''] = line
    .split('|')
    .map((part) => part.trim());
  const population2015 = Number(population);
  if (!/^[A-Z]{3}$/.test(code) || name === '' || !(population2015 > 0) || !isTier(tier)) {
    throw new Error(`examples: bad country line "${line}"`);
  }
  const flags = flagText.split(/\s+/).filter((flag) => flag !== '');
  const since = flags.find((flag) => flag.startsWith('n'));
  return {
    code,
    name,
    region,
    population2015,
    tier,
    hivDip: flags.includes('h'),
    oil: flags.includes('o'),
    slow: flags.includes('s'),
    cityState: flags.includes('u'),
    dataFrom: since === undefined ? WB_YEARS.first : Number(since.slice(1)),
  };
}

/** All countries, sorted by name, as the table lists them. */
export const WB_COUNTRIES: readonly WbCountry[] = WB_REGIONS.flatMap((region) =>
  COUNTRY_LINES[region]
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => parseCountry(line, region)),
).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** An indicator's typical value in 1960 and 2015 for each income tier. */
type Span = readonly [number, number];
interface TierProfile {
  lifeExpectancy: Span;
  fertility: Span;
  /** Year around which fertility falls fastest. */
  fertilityTurn: number;
  infantMortality: Span;
  rural: Span;
  /** Annual population growth, as a fraction. */
  growth: Span;
  gdp2015: number;
  /** Nominal GDP per head grew by about this factor from 1960 to 2015. */
  gdpGrowth: number;
  co2: Span;
}

const PROFILES: Record<IncomeTier, TierProfile> = {
  H: {
    lifeExpectancy: [69, 81],
    fertility: [3.4, 1.6],
    fertilityTurn: 1975,
    infantMortality: [30, 4],
    rural: [36, 19],
    growth: [0.012, 0.005],
    gdp2015: 38_000,
    gdpGrowth: 25,
    co2: [6, 8.5],
  },
  UM: {
    lifeExpectancy: [53, 75],
    fertility: [6.0, 2.1],
    fertilityTurn: 1983,
    infantMortality: [110, 15],
    rural: [64, 34],
    growth: [0.026, 0.01],
    gdp2015: 8_000,
    gdpGrowth: 22,
    co2: [1.2, 5],
  },
  LM: {
    lifeExpectancy: [45, 68],
    fertility: [6.4, 2.9],
    fertilityTurn: 1993,
    infantMortality: [150, 36],
    rural: [79, 57],
    growth: [0.025, 0.016],
    gdp2015: 2_400,
    gdpGrowth: 14,
    co2: [0.3, 1.6],
  },
  L: {
    lifeExpectancy: [38, 60],
    fertility: [6.8, 4.8],
    fertilityTurn: 2008,
    infantMortality: [185, 55],
    rural: [88, 66],
    growth: [0.023, 0.027],
    gdp2015: 650,
    gdpGrowth: 8,
    co2: [0.05, 0.25],
  },
};

/**
 * Demography does not always follow income: Eastern Europe and the former Soviet Union went
 * through the transition early, and the Gulf states' populations boomed with oil.
 */
function profileFor(country: WbCountry): TierProfile {
  const base = PROFILES[country.tier];
  if (country.slow && country.tier === 'H') return { ...base, growth: [0.007, 0.001] };
  if (country.slow) {
    return {
      ...base,
      lifeExpectancy: [66, 73],
      fertility: [2.6, 1.6],
      fertilityTurn: 1972,
      infantMortality: [45, 9],
      rural: [55, 30],
      growth: [0.009, -0.002],
    };
  }
  if (country.oil && country.tier === 'H' && country.region === 'Middle East & North Africa') {
    return { ...base, growth: [0.075, 0.04], fertility: [7.0, 2.0], fertilityTurn: 1990, rural: [45, 8] };
  }
  return base;
}

/** Shared shocks in nominal US$ GDP: the early-80s slump, 2009, and the strong dollar of 2015. */
const GDP_SHOCKS: Readonly<Record<number, number>> = {
  1982: 0.97,
  1983: 0.95,
  1984: 0.94,
  1985: 0.95,
  2009: 0.92,
  2015: 0.9,
};

const span = (range: Span, t: number): number => range[0] + (range[1] - range[0]) * t;

/** Fraction of the 1960->2015 change achieved by t in [0, 1]; front-loaded, as health gains were. */
const concave = (t: number): number => (1 - Math.exp(-2.2 * t)) / (1 - Math.exp(-2.2));

/** The fixed traits of one country: its offsets from its tier's typical path. */
interface CountryTraits {
  lifeShift: number;
  fertilityFactor: number;
  mortalityFactor: number;
  ruralShift: number;
  growthShift: number;
  gdp2015: number;
  gdpGrowth: number;
  co2Factor: number;
}

function traitsFor(country: WbCountry, profile: TierProfile, rng: Rng): CountryTraits {
  const africa = country.region === 'Sub-Saharan Africa';
  return {
    lifeShift: rng.normal() * 2.5 - (africa ? 3 : 0),
    fertilityFactor: rng.logNoise(0.1) * (africa ? 1.1 : 1),
    mortalityFactor: rng.logNoise(0.2) * (africa ? 1.15 : 1),
    ruralShift: rng.normal() * 8,
    growthShift: rng.normal() * 0.003,
    gdp2015: profile.gdp2015 * rng.logNoise(0.35) * (country.oil && country.tier === 'H' ? 1.6 : 1),
    gdpGrowth: profile.gdpGrowth * rng.logNoise(0.25),
    co2Factor: rng.logNoise(0.35) * (country.oil ? 3.5 : 1),
  };
}

function* worldHealthRows(rng: Rng): Generator<readonly Cell[]> {
  const years = WB_YEARS.last - WB_YEARS.first;
  for (const country of WB_COUNTRIES) {
    const profile = profileFor(country);
    const traits = traitsFor(country, profile, rng.fork(`traits:${country.code}`));
    const noise = rng.fork(`years:${country.code}`);

    // Population is known for 2015 and walked backwards with a slowly changing growth rate.
    const populations: number[] = new Array<number>(years + 1).fill(0);
    let population = country.population2015 * 1_000_000;
    for (let year = WB_YEARS.last; year >= WB_YEARS.first; year--) {
      populations[year - WB_YEARS.first] = population;
      const t = (year - WB_YEARS.first) / years;
      const growth = span(profile.growth, t) + traits.growthShift + noise.normal() * 0.002;
      population /= 1 + growth;
    }

    for (let year = WB_YEARS.first; year <= WB_YEARS.last; year++) {
      const t = (year - WB_YEARS.first) / years;
      const hiv = country.hivDip ? 12 * Math.exp(-0.5 * ((year - 2003) / 6) ** 2) : 0;
      const life = Math.min(
        89.5,
        Math.max(
          20.5,
          profile.lifeExpectancy[0] +
            (profile.lifeExpectancy[1] - profile.lifeExpectancy[0]) * concave(t) +
            traits.lifeShift -
            hiv +
            noise.normal() * 0.15,
        ),
      );
      const fertilityLogistic = 1 / (1 + Math.exp((year - profile.fertilityTurn) / 7));
      const fertility = Math.max(
        1.1,
        (profile.fertility[1] + (profile.fertility[0] - profile.fertility[1]) * fertilityLogistic) *
          traits.fertilityFactor,
      );
      const mortality =
        profile.infantMortality[0] *
        (profile.infantMortality[1] / profile.infantMortality[0]) ** t *
        traits.mortalityFactor *
        (1 + hiv / 40);
      const rural = country.cityState
        ? 0
        : Math.min(97, Math.max(2, span(profile.rural, t) + traits.ruralShift));
      const hasEconomy = year >= country.dataFrom;
      const gdp = hasEconomy
        ? traits.gdp2015 * traits.gdpGrowth ** (t - 1) * (GDP_SHOCKS[year] ?? 1) * noise.logNoise(0.04)
        : null;
      // High-income emissions peaked around 1980 and have eased since.
      const co2Path =
        country.tier === 'H'
          ? 7 + 5 * Math.exp(-0.5 * ((year - 1980) / 18) ** 2) - 2 * t
          : span(profile.co2, t);
      const co2 = hasEconomy ? co2Path * traits.co2Factor * noise.logNoise(0.05) : null;

      yield [
        country.name,
        country.code,
        country.region,
        year,
        Math.round(populations[year - WB_YEARS.first] ?? 0),
        roundTo(life, 3),
        gdp === null ? null : roundTo(gdp, 2),
        roundTo(rural, 3),
        roundTo(fertility, 3),
        // Tiny territories report infant mortality only from the mid-1980s.
        country.population2015 < 0.1 && year < 1985 ? null : roundTo(mortality, 1),
        co2 === null ? null : roundTo(co2, 3),
      ];
    }
  }
}

export const worldHealthTable: TableSpec = {
  name: 'wb_health_population',
  columns: [
    { name: 'country_name', type: 'VARCHAR' },
    { name: 'country_code', type: 'VARCHAR' },
    { name: 'region', type: 'VARCHAR' },
    { name: 'year', type: 'INTEGER' },
    { name: 'population', type: 'BIGINT' },
    { name: 'life_expectancy', type: 'DOUBLE' },
    { name: 'gdp_per_capita', type: 'DOUBLE', nullable: true },
    { name: 'rural_pct', type: 'DOUBLE' },
    { name: 'fertility_rate', type: 'DOUBLE' },
    { name: 'infant_mortality', type: 'DOUBLE', nullable: true },
    { name: 'co2_per_capita', type: 'DOUBLE', nullable: true },
  ],
  rows: worldHealthRows,
};
