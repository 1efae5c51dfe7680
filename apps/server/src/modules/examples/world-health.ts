import type { Rng } from './prng';
import { epochDay, roundTo, type Cell, type ColumnSpec, type TableSpec } from './table-spec';
import { WB_INDICATOR_COLUMNS } from './world-health-indicators';
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
  };
}

/** Superset's dimension columns; the year is January 1st of that year. */
const DIMENSIONS: readonly ColumnSpec[] = [
  { name: 'country_name', type: 'VARCHAR' },
  { name: 'country_code', type: 'VARCHAR' },
  { name: 'region', type: 'VARCHAR' },
  { name: 'year', type: 'TIMESTAMP' },
];

/** The indicators this generator fills, in row order after the dimensions; the rest stay NULL. */
const GENERATED_INDICATORS: readonly string[] = [
  'SP_POP_TOTL',
  'SP_POP_TOTL_FE_ZS',
  'SP_POP_TOTL_MA_ZS',
  'SP_POP_TOTL_FE_IN',
  'SP_POP_TOTL_MA_IN',
  'SP_POP_GROW',
  'SP_POP_0014_TO_ZS',
  'SP_POP_1564_TO_ZS',
  'SP_POP_65UP_TO_ZS',
  'SP_POP_0014_TO',
  'SP_POP_1564_TO',
  'SP_POP_65UP_TO',
  'SP_POP_DPND',
  'SP_POP_DPND_YG',
  'SP_POP_DPND_OL',
  'SP_RUR_TOTL_ZS',
  'SP_RUR_TOTL',
  'SP_RUR_TOTL_ZG',
  'SP_URB_TOTL_IN_ZS',
  'SP_URB_TOTL',
  'SP_URB_GROW',
  'SP_DYN_LE00_IN',
  'SP_DYN_LE00_FE_IN',
  'SP_DYN_LE00_MA_IN',
  'SP_DYN_TFRT_IN',
  'SP_DYN_CBRT_IN',
  'SP_DYN_CDRT_IN',
  'SP_DYN_IMRT_IN',
  'SP_DYN_IMRT_FE_IN',
  'SP_DYN_IMRT_MA_IN',
  'SH_DYN_MORT',
  'NY_GNP_PCAP_CD',
  'SH_DYN_AIDS_ZS',
  'SH_DYN_AIDS',
];

/** Position of each generated indicator in a row, after the four dimension columns. */
const INDICATOR_INDEX = new Map(GENERATED_INDICATORS.map((name, index) => [name, DIMENSIONS.length + index]));

/** Writes a generated indicator into its column; the other indicators stay NULL. */
function put(row: Cell[], column: string, value: number | null, decimals: number): void {
  const index = INDICATOR_INDEX.get(column);
  if (index === undefined) throw new Error(`examples: ${column} is not a wb_health_population column`);
  row[index] = value === null ? null : roundTo(value, decimals);
}

function* worldHealthRows(rng: Rng): Generator<readonly Cell[]> {
  const years = WB_YEARS.last - WB_YEARS.first;
  const width = DIMENSIONS.length + GENERATED_INDICATORS.length;
  for (const country of WB_COUNTRIES) {
    const profile = profileFor(country);
    const traits = traitsFor(country, profile, rng.fork(`traits:${country.code}`));
    const noise = rng.fork(`years:${country.code}`);

    // Population is known for 2015 and walked backwards with a slowly changing growth rate.
    const populations: number[] = new Array<number>(years + 1).fill(0);
    let population = country.population2015 * 1_000_000;
    for (let year = WB_YEARS.last; year >= WB_YEARS.first; year--) {
      populations[year - WB_YEARS.first] = Math.round(population);
      const t = (year - WB_YEARS.first) / years;
      const growth = span(profile.growth, t) + traits.growthShift + noise.normal() * 0.002;
      population /= 1 + growth;
    }

    let previous: { population: number; rural: number; urban: number } | null = null;
    for (let year = WB_YEARS.first; year <= WB_YEARS.last; year++) {
      const t = (year - WB_YEARS.first) / years;
      const people = populations[year - WB_YEARS.first] ?? 0;
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
      const ruralShare = country.cityState
        ? 0
        : Math.min(97, Math.max(2, span(profile.rural, t) + traits.ruralShift));
      const hasEconomy = year >= country.dataFrom;
      const gni = hasEconomy
        ? traits.gdp2015 * traits.gdpGrowth ** (t - 1) * (GDP_SHOCKS[year] ?? 1) * noise.logNoise(0.04)
        : null;
      // Women outlive men by a gap that widened as lives got longer.
      const lifeGap = 2 + 3 * t;
      const femaleShare = 50.4 + (country.oil && country.tier === 'H' ? -12 * t : 0) + noise.normal() * 0.2;
      const rural = Math.round((people * ruralShare) / 100);
      const urban = people - rural;
      // Age structure follows fertility (young) and life expectancy (old).
      const young = Math.min(50, Math.max(12, 5.5 + 7 * fertility));
      const old = Math.min(28, Math.max(1.5, (life - 45) * 0.45));
      const working = 100 - young - old;
      // World Bank HIV estimates start in 1990.
      const hivPrevalence =
        year < 1990 ? null : (country.hivDip ? 0.5 + hiv * 1.4 : 0.1 + 0.3 * t) * traits.mortalityFactor;
      const growthRate = (now: number, before: number | undefined): number | null =>
        before === undefined || before <= 0 || now <= 0 ? null : 100 * Math.log(now / before);

      const row: Cell[] = new Array<Cell>(width).fill(null);
      row[0] = country.name;
      row[1] = country.code;
      row[2] = country.region;
      row[3] = epochDay(year, 1, 1);
      put(row, 'SP_POP_TOTL', people, 0);
      put(row, 'SP_POP_TOTL_FE_ZS', femaleShare, 3);
      put(row, 'SP_POP_TOTL_MA_ZS', 100 - femaleShare, 3);
      put(row, 'SP_POP_TOTL_FE_IN', (people * femaleShare) / 100, 0);
      put(row, 'SP_POP_TOTL_MA_IN', people - Math.round((people * femaleShare) / 100), 0);
      put(row, 'SP_POP_GROW', growthRate(people, previous?.population), 3);
      put(row, 'SP_POP_0014_TO_ZS', young, 3);
      put(row, 'SP_POP_1564_TO_ZS', working, 3);
      put(row, 'SP_POP_65UP_TO_ZS', old, 3);
      put(row, 'SP_POP_0014_TO', (people * young) / 100, 0);
      put(row, 'SP_POP_1564_TO', (people * working) / 100, 0);
      put(row, 'SP_POP_65UP_TO', (people * old) / 100, 0);
      put(row, 'SP_POP_DPND', (100 * (young + old)) / working, 3);
      put(row, 'SP_POP_DPND_YG', (100 * young) / working, 3);
      put(row, 'SP_POP_DPND_OL', (100 * old) / working, 3);
      put(row, 'SP_RUR_TOTL_ZS', ruralShare, 3);
      put(row, 'SP_RUR_TOTL', rural, 0);
      put(row, 'SP_RUR_TOTL_ZG', country.cityState ? null : growthRate(rural, previous?.rural), 3);
      put(row, 'SP_URB_TOTL_IN_ZS', 100 - ruralShare, 3);
      put(row, 'SP_URB_TOTL', urban, 0);
      put(row, 'SP_URB_GROW', growthRate(urban, previous?.urban), 3);
      put(row, 'SP_DYN_LE00_IN', life, 3);
      put(row, 'SP_DYN_LE00_FE_IN', life + lifeGap / 2, 3);
      put(row, 'SP_DYN_LE00_MA_IN', life - lifeGap / 2, 3);
      put(row, 'SP_DYN_TFRT_IN', fertility, 3);
      // Crude rates per 1,000 people: births scale with fertility, deaths fall as lives lengthen.
      put(row, 'SP_DYN_CBRT_IN', Math.min(55, 6.5 * fertility + 1.5), 3);
      put(row, 'SP_DYN_CDRT_IN', Math.max(1.5, 30 - 0.36 * life + old * 0.55), 3);
      // Tiny territories report infant mortality only from the mid-1980s.
      const reportsMortality = !(country.population2015 < 0.1 && year < 1985);
      put(row, 'SP_DYN_IMRT_IN', reportsMortality ? mortality : null, 1);
      put(row, 'SP_DYN_IMRT_FE_IN', reportsMortality ? mortality * 0.9 : null, 1);
      put(row, 'SP_DYN_IMRT_MA_IN', reportsMortality ? mortality * 1.1 : null, 1);
      put(row, 'SH_DYN_MORT', reportsMortality ? mortality * 1.45 : null, 1);
      put(row, 'NY_GNP_PCAP_CD', gni, 0);
      put(row, 'SH_DYN_AIDS_ZS', hivPrevalence, 2);
      put(row, 'SH_DYN_AIDS', hivPrevalence === null ? null : (people * working * hivPrevalence) / 10_000, 0);
      yield row;
      previous = { population: people, rural, urban };
    }
  }
}

/**
 * Superset's wb_health_population: country, code, region, the year as a January 1st timestamp and
 * its 324 World Bank indicators. The indicators Superset's World Bank dashboard and the common
 * questions use (population, its structure, rural and urban shares, life expectancy, fertility,
 * infant mortality, HIV, GNI per head) are generated; the rest stay NULL, as sparse indicators
 * often are in the real data.
 */
export const worldHealthTable: TableSpec = {
  name: 'wb_health_population',
  columns: [
    ...DIMENSIONS,
    ...WB_INDICATOR_COLUMNS.map((name): ColumnSpec => ({ name, type: 'DOUBLE', nullable: true })),
  ],
  filled: [...DIMENSIONS.map((column) => column.name), ...GENERATED_INDICATORS],
  rows: worldHealthRows,
};
