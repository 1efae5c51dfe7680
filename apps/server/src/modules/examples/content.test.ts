import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateExamples } from './index';
import { openReadOnly, type ReadOnlyDb } from './test-db';

const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'DC',
];

let workDir = '';
let opened: ReadOnlyDb | undefined;

function db(): ReadOnlyDb {
  if (opened === undefined) throw new Error('examples database not opened');
  return opened;
}

const stringColumn = z.object({ value: z.string() });
const strings = async (sql: string): Promise<string[]> =>
  (await db().query(sql, stringColumn)).map((row) => row.value);
const count = (sql: string): Promise<number> => db().scalar(sql);

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'tessera-examples-content-'));
  const file = join(workDir, 'examples.duckdb');
  await generateExamples(file);
  opened = await openReadOnly(file);
}, 120_000);

afterAll(async () => {
  opened?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('birth_names', () => {
  it('uses only US state codes and other, with every state present', async () => {
    const states = await strings('SELECT DISTINCT state AS value FROM birth_names ORDER BY 1');
    expect(states.sort()).toEqual([...US_STATES, 'other'].sort());
  });

  it('covers 1965-2008 with January 1st timestamps and both genders every year', async () => {
    const years = await db().query(
      `SELECT year(ds) AS year, count(DISTINCT gender) AS genders FROM birth_names GROUP BY 1 ORDER BY 1`,
      z.object({ year: z.coerce.number(), genders: z.coerce.number() }),
    );
    expect(years.map((row) => row.year)).toEqual(Array.from({ length: 44 }, (_, index) => 1965 + index));
    expect(years.every((row) => row.genders === 2)).toBe(true);
    expect(await strings('SELECT DISTINCT gender AS value FROM birth_names ORDER BY 1')).toEqual([
      'boy',
      'girl',
    ]);
    expect(await count(`SELECT count(*) AS value FROM birth_names WHERE ds <> date_trunc('year', ds)`)).toBe(
      0,
    );
  });

  it('keeps num_boys and num_girls consistent with gender and counts realistic', async () => {
    expect(
      await count(`SELECT count(*) AS value FROM birth_names WHERE NOT (
        (gender = 'boy' AND num_boys = num AND num_girls = 0) OR
        (gender = 'girl' AND num_girls = num AND num_boys = 0))`),
    ).toBe(0);
    expect(await count('SELECT min(num) AS value FROM birth_names')).toBeGreaterThanOrEqual(5);
    expect(await count('SELECT max(num) AS value FROM birth_names')).toBeGreaterThan(1_000);
    expect(await count('SELECT median(num) AS value FROM birth_names')).toBeGreaterThan(10);
    expect(
      await count(`SELECT count(DISTINCT name) AS value FROM birth_names WHERE gender = 'boy'`),
    ).toBeGreaterThan(150);
    expect(
      await count(`SELECT count(DISTINCT name) AS value FROM birth_names WHERE gender = 'girl'`),
    ).toBeGreaterThan(150);
  });

  it('weights states by population and lets names rise and fall', async () => {
    const top = await strings(
      'SELECT state AS value FROM birth_names GROUP BY state ORDER BY sum(num) DESC LIMIT 6',
    );
    expect(top[0]).toBe('CA');
    expect([...top].sort()).toEqual(['CA', 'FL', 'IL', 'NY', 'PA', 'TX']);
    const trend = async (name: string, year: number): Promise<number> =>
      count(
        `SELECT coalesce(sum(num), 0) AS value FROM birth_names WHERE name = '${name}' AND year(ds) = ${year}`,
      );
    expect(await trend('Linda', 1965)).toBeGreaterThan(5 * (await trend('Linda', 2008)));
    expect(await trend('Madison', 2008)).toBeGreaterThan(5 * (await trend('Madison', 1965)));
  });
});

describe('sales', () => {
  it('has sales = quantity * price_each and deal sizes matching their thresholds', async () => {
    expect(await count('SELECT count(*) AS value FROM sales WHERE sales <> quantity * price_each')).toBe(0);
    expect(
      await count(`SELECT count(*) AS value FROM sales WHERE deal_size <> CASE
        WHEN sales < 3000 THEN 'Small' WHEN sales < 7000 THEN 'Medium' ELSE 'Large' END`),
    ).toBe(0);
    expect(await strings('SELECT DISTINCT deal_size AS value FROM sales ORDER BY 1')).toEqual([
      'Large',
      'Medium',
      'Small',
    ]);
  });

  it('keeps quantities in 1..100, skewed small, and prices near each product list price', async () => {
    expect(await count('SELECT min(quantity) AS value FROM sales')).toBe(1);
    expect(await count('SELECT max(quantity) AS value FROM sales')).toBeLessThanOrEqual(100);
    expect(await count('SELECT median(quantity) AS value FROM sales')).toBeLessThan(35);
    expect(
      await count(`SELECT count(*) AS value FROM sales s JOIN (
          SELECT product, median(price_each) AS typical FROM sales GROUP BY product) p USING (product)
        WHERE s.price_each NOT BETWEEN p.typical * 0.75 AND p.typical * 1.25`),
    ).toBe(0);
  });

  it('spans 2021-2024 with Q4 peaks and quieter weekends', async () => {
    expect(await strings(`SELECT strftime(min(order_date), '%Y-%m-%d') AS value FROM sales`)).toEqual([
      '2021-01-01',
    ]);
    expect(await count(`SELECT count(*) AS value FROM sales WHERE order_date > DATE '2024-12-31'`)).toBe(0);
    const quarters = await db().query(
      `SELECT year(order_date) AS year, quarter(order_date) AS quarter, count(*) AS lines
       FROM sales GROUP BY ALL ORDER BY ALL`,
      z.object({ year: z.coerce.number(), quarter: z.coerce.number(), lines: z.coerce.number() }),
    );
    expect(new Set(quarters.map((row) => row.year))).toEqual(new Set([2021, 2022, 2023, 2024]));
    for (const year of [2021, 2022, 2023, 2024]) {
      const lines = quarters.filter((row) => row.year === year);
      const q4 = lines.find((row) => row.quarter === 4)?.lines ?? 0;
      for (const row of lines) if (row.quarter !== 4) expect(q4).toBeGreaterThan(row.lines * 1.2);
    }
    const perDay = (weekend: boolean): Promise<number> =>
      count(`SELECT count(*) / count(DISTINCT order_date) AS value FROM sales
             WHERE isodow(order_date) ${weekend ? '>= 6' : '<= 5'}`);
    expect(await perDay(true)).toBeLessThan(0.7 * (await perDay(false)));
  });

  it('places customers coherently in regions, countries and cities', async () => {
    expect(await strings('SELECT DISTINCT region AS value FROM sales ORDER BY 1')).toEqual([
      'APAC',
      'EMEA',
      'LATAM',
      'NA',
    ]);
    expect(
      await count(
        'SELECT count(*) AS value FROM (SELECT country FROM sales GROUP BY 1 HAVING count(DISTINCT region) > 1)',
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS value FROM (SELECT city FROM sales GROUP BY 1 HAVING count(DISTINCT country) > 1)',
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS value FROM (SELECT customer FROM sales GROUP BY 1 HAVING count(DISTINCT city) > 1)',
      ),
    ).toBe(0);
    const countries = await db().query(
      'SELECT country, count(DISTINCT city) AS cities FROM sales GROUP BY 1',
      z.object({ country: z.string(), cities: z.coerce.number() }),
    );
    expect(countries.length).toBeGreaterThanOrEqual(20);
    expect(countries.length).toBeLessThanOrEqual(30);
    expect(countries.every((row) => row.cities >= 2 && row.cities <= 5)).toBe(true);
    const customers = await count('SELECT count(DISTINCT customer) AS value FROM sales');
    expect(customers).toBeGreaterThanOrEqual(350);
    expect(customers).toBeLessThanOrEqual(450);
    expect(
      await count(
        'SELECT count(*) AS value FROM (SELECT order_number FROM sales GROUP BY 1 HAVING count(DISTINCT customer) > 1)',
      ),
    ).toBe(0);
  });

  it('uses the seven product lines, named products and the known statuses', async () => {
    expect(await strings('SELECT DISTINCT product_line AS value FROM sales ORDER BY 1')).toEqual([
      'Classic Cars',
      'Motorcycles',
      'Planes',
      'Ships',
      'Trains',
      'Trucks and Buses',
      'Vintage Cars',
    ]);
    expect(
      await count(
        'SELECT count(*) AS value FROM (SELECT product FROM sales GROUP BY 1 HAVING count(DISTINCT product_line) > 1)',
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT min(n) AS value FROM (SELECT count(DISTINCT product) AS n FROM sales GROUP BY product_line)',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(await strings('SELECT DISTINCT status AS value FROM sales ORDER BY 1')).toEqual([
      'Cancelled',
      'Disputed',
      'In Process',
      'On Hold',
      'Resolved',
      'Shipped',
    ]);
    expect(
      await count(`SELECT avg(CASE WHEN status = 'Shipped' THEN 1 ELSE 0 END) AS value FROM sales`),
    ).toBeGreaterThan(0.8);
  });
});

describe('wb_health_population', () => {
  it('has one row per country and year 1960-2015 with ISO-3 style codes and the seven regions', async () => {
    const perCountry = await db().query(
      `SELECT country_code, count(*) AS n, min(year(year)) AS first, max(year(year)) AS last,
              count(DISTINCT country_name) AS names
       FROM wb_health_population GROUP BY 1`,
      z.object({
        country_code: z.string().regex(/^[A-Z]{3}$/),
        n: z.coerce.number(),
        first: z.coerce.number(),
        last: z.coerce.number(),
        names: z.coerce.number(),
      }),
    );
    expect(perCountry.length).toBeGreaterThanOrEqual(200);
    expect(
      perCountry.every((row) => row.n === 56 && row.first === 1960 && row.last === 2015 && row.names === 1),
    ).toBe(true);
    // Superset's year is a timestamp at January 1st.
    expect(
      await count(
        `SELECT count(*) AS value FROM wb_health_population WHERE year <> date_trunc('year', year)`,
      ),
    ).toBe(0);
    expect(await strings('SELECT DISTINCT region AS value FROM wb_health_population ORDER BY 1')).toEqual([
      'East Asia & Pacific',
      'Europe & Central Asia',
      'Latin America & Caribbean',
      'Middle East & North Africa',
      'North America',
      'South Asia',
      'Sub-Saharan Africa',
    ]);
  });

  it('keeps indicators in plausible ranges and consistent with one another', async () => {
    const none = async (where: string): Promise<void> => {
      expect(await count(`SELECT count(*) AS value FROM wb_health_population WHERE ${where}`)).toBe(0);
    };
    await none('SP_DYN_LE00_IN IS NULL OR SP_DYN_LE00_IN NOT BETWEEN 20 AND 90');
    await none('SP_DYN_LE00_FE_IN <= SP_DYN_LE00_MA_IN');
    await none('SP_POP_TOTL IS NULL OR SP_POP_TOTL <= 0');
    await none('abs(SP_POP_TOTL_FE_IN + SP_POP_TOTL_MA_IN - SP_POP_TOTL) > 1');
    await none('SP_RUR_TOTL_ZS NOT BETWEEN 0 AND 100');
    await none('abs(SP_RUR_TOTL + SP_URB_TOTL - SP_POP_TOTL) > 1');
    // The share is stored to three decimals, so the count matches it to that precision.
    await none('abs(SP_RUR_TOTL - SP_POP_TOTL * SP_RUR_TOTL_ZS / 100) > SP_POP_TOTL * 1e-5 + 1');
    await none('abs(SP_POP_0014_TO_ZS + SP_POP_1564_TO_ZS + SP_POP_65UP_TO_ZS - 100) > 0.01');
    await none('SP_DYN_TFRT_IN NOT BETWEEN 1 AND 9');
    await none('NY_GNP_PCAP_CD <= 0 OR SH_DYN_AIDS < 0');
    // HIV estimates start in 1990, as the World Bank's do; indicators nobody generates stay NULL.
    await none("year < TIMESTAMP '1990-01-01' AND SH_DYN_AIDS IS NOT NULL");
    await none('SE_ADT_LITR_ZS IS NOT NULL OR SH_STA_MALR IS NOT NULL');
    const world = (year: number): Promise<number> =>
      count(`SELECT sum(SP_POP_TOTL) AS value FROM wb_health_population WHERE year(year) = ${year}`);
    expect(await world(1960)).toBeGreaterThan(2.8e9);
    expect(await world(1960)).toBeLessThan(3.4e9);
    expect(await world(2015)).toBeGreaterThan(7e9);
    expect(await world(2015)).toBeLessThan(7.7e9);
    const nulls = await count(
      'SELECT count(*) AS value FROM wb_health_population WHERE NY_GNP_PCAP_CD IS NULL',
    );
    expect(nulls).toBeGreaterThan(0);
    expect(nulls).toBeLessThan(0.25 * (await count('SELECT count(*) AS value FROM wb_health_population')));
  });

  it('moves over time: longer lives, fewer rural people, fewer births and infant deaths', async () => {
    const average = (column: string, year: number): Promise<number> =>
      count(`SELECT avg(${column}) AS value FROM wb_health_population WHERE year(year) = ${year}`);
    expect(await average('SP_DYN_LE00_IN', 2015)).toBeGreaterThan(
      (await average('SP_DYN_LE00_IN', 1960)) + 10,
    );
    expect(await average('SP_RUR_TOTL_ZS', 2015)).toBeLessThan(await average('SP_RUR_TOTL_ZS', 1960));
    expect(await average('SP_DYN_TFRT_IN', 2015)).toBeLessThan(await average('SP_DYN_TFRT_IN', 1960));
    expect(await average('SP_DYN_IMRT_IN', 2015)).toBeLessThan(await average('SP_DYN_IMRT_IN', 1960));
    const richer = await count(`SELECT avg(SP_DYN_LE00_IN) AS value FROM wb_health_population
                                WHERE year(year) = 2015 AND region = 'North America'`);
    const poorer = await count(`SELECT avg(SP_DYN_LE00_IN) AS value FROM wb_health_population
                                WHERE year(year) = 2015 AND region = 'Sub-Saharan Africa'`);
    expect(richer).toBeGreaterThan(poorer + 10);
  });
});
