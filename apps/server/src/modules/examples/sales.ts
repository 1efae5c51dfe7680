import { WeightedPicker, type Rng } from './prng';
import {
  COMPANY_FIRST_WORDS,
  COMPANY_SECOND_WORDS,
  PRODUCT_LINE_WEIGHTS,
  PRODUCTS,
  SALES_COUNTRIES,
  type OrderStatus,
  type Product,
  type SalesCountry,
} from './sales-data';
import { calendarOf, epochDay, type Cell, type TableSpec } from './table-spec';

export const SALES_PERIOD = { first: epochDay(2021, 1, 1), last: epochDay(2024, 12, 31) } as const;
export const CUSTOMER_COUNT = 400;
/** Deal size thresholds on a line's sales, in cents. */
export const DEAL_SIZE_LIMITS = { small: 300_000, medium: 700_000 } as const;

const TARGET_LINES = 100_000;
/** Lines per order are 1 + Poisson(this), capped at MAX_LINES. */
const EXTRA_LINES_MEAN = 2.3;
const MAX_LINES = 12;
/** Seasonality: Q4 carries the year, January and February are quiet. */
const MONTH_FACTORS = [0.8, 0.75, 0.85, 0.85, 0.9, 0.9, 0.85, 0.85, 0.95, 1.2, 1.6, 1.5];
const WEEKEND_FACTOR = 0.45;
const YEAR_GROWTH: Readonly<Record<number, number>> = { 2021: 1, 2022: 1.1, 2023: 1.18, 2024: 1.27 };
/** Orders placed in the last weeks of the data are mostly still open. */
const OPEN_ORDERS_FROM = epochDay(2024, 11, 15);

interface Customer {
  readonly name: string;
  readonly country: SalesCountry;
  readonly city: string;
}

function makeCustomers(rng: Rng): Customer[] {
  if (COMPANY_FIRST_WORDS.length * COMPANY_SECOND_WORDS.length < 1.5 * CUSTOMER_COUNT) {
    throw new Error('examples: too few company name words for the customer count');
  }
  const countryPicker = new WeightedPicker(
    SALES_COUNTRIES,
    SALES_COUNTRIES.map((country) => country.weight),
  );
  // Every listed city gets one customer first; the rest follow country weights, and within a
  // country the first city (its commercial centre) gets the most.
  const homes: { country: SalesCountry; city: string }[] = SALES_COUNTRIES.flatMap((country) =>
    country.cities.map((city) => ({ country, city })),
  );
  while (homes.length < CUSTOMER_COUNT) {
    const country = countryPicker.pick(rng);
    const city = country.cities[rng.weightedIndex(country.cities.map((_, index) => 1 / (index + 1)))] ?? '';
    homes.push({ country, city });
  }
  const taken = new Set<string>();
  const customers: Customer[] = [];
  for (const home of homes) {
    let stem = `${rng.pick(COMPANY_FIRST_WORDS)} ${rng.pick(COMPANY_SECOND_WORDS)}`;
    while (taken.has(stem)) stem = `${rng.pick(COMPANY_FIRST_WORDS)} ${rng.pick(COMPANY_SECOND_WORDS)}`;
    taken.add(stem);
    customers.push({ name: `${stem} ${rng.pick(home.country.suffixes)}`, ...home });
  }
  // Shuffle (Fisher-Yates) so that the big accounts, drawn by position below, land anywhere.
  for (let i = customers.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const swap = customers[i];
    const other = customers[j];
    if (swap === undefined || other === undefined) continue;
    customers[i] = other;
    customers[j] = swap;
  }
  return customers;
}

function dayWeight(day: number): number {
  const { year, month, weekday } = calendarOf(day);
  const weekend = weekday === 0 || weekday === 6 ? WEEKEND_FACTOR : 1;
  return (MONTH_FACTORS[month - 1] ?? 1) * weekend * (YEAR_GROWTH[year] ?? 1);
}

function statusPicker(open: boolean): WeightedPicker<OrderStatus> {
  const weights: readonly (readonly [OrderStatus, number])[] = open
    ? [
        ['Shipped', 0.5],
        ['In Process', 0.38],
        ['On Hold', 0.07],
        ['Cancelled', 0.03],
        ['Disputed', 0.02],
      ]
    : [
        ['Shipped', 0.915],
        ['Cancelled', 0.025],
        ['Resolved', 0.022],
        ['On Hold', 0.015],
        ['Disputed', 0.013],
        ['In Process', 0.01],
      ];
  return new WeightedPicker(
    weights.map(([status]) => status),
    weights.map(([, weight]) => weight),
  );
}

/** Few units per line are common, big wholesale lines rare. */
function drawQuantity(rng: Rng): number {
  return 1 + Math.floor(100 * rng.next() ** 2.4);
}

export function dealSize(salesCents: number): 'Small' | 'Medium' | 'Large' {
  if (salesCents < DEAL_SIZE_LIMITS.small) return 'Small';
  if (salesCents < DEAL_SIZE_LIMITS.medium) return 'Medium';
  return 'Large';
}

function* salesRows(rng: Rng): Generator<readonly Cell[]> {
  const customers = makeCustomers(rng.fork('customers'));
  // A few accounts buy far more than the rest.
  const customerPicker = new WeightedPicker(
    customers,
    customers.map((_, index) => 1 / (index + 1) ** 0.7),
  );
  const productPicker = new WeightedPicker<Product>(
    PRODUCTS,
    PRODUCTS.map((product) => {
      const inLine = PRODUCTS.filter((other) => other.line === product.line).length;
      return PRODUCT_LINE_WEIGHTS[product.line] / inLine;
    }),
  );
  const shippedPicker = statusPicker(false);
  const openPicker = statusPicker(true);

  let totalWeight = 0;
  for (let day = SALES_PERIOD.first; day <= SALES_PERIOD.last; day++) totalWeight += dayWeight(day);
  const ordersWanted = TARGET_LINES / (1 + EXTRA_LINES_MEAN);

  let orderNumber = 10_100;
  for (let day = SALES_PERIOD.first; day <= SALES_PERIOD.last; day++) {
    const { year } = calendarOf(day);
    const priceLevel = 1 + 0.03 * (year - 2021);
    const orders = rng.poisson((ordersWanted * dayWeight(day)) / totalWeight);
    for (let o = 0; o < orders; o++) {
      orderNumber++;
      const customer = customerPicker.pick(rng);
      const status = (day >= OPEN_ORDERS_FROM ? openPicker : shippedPicker).pick(rng);
      const lineCount = Math.min(MAX_LINES, 1 + rng.poisson(EXTRA_LINES_MEAN));
      const inOrder = new Set<Product>();
      while (inOrder.size < lineCount) inOrder.add(productPicker.pick(rng));
      for (const product of inOrder) {
        const quantity = drawQuantity(rng);
        const priceCents = Math.round(product.listPrice * priceLevel * rng.range(0.88, 1.12) * 100);
        const salesCents = quantity * priceCents;
        yield [
          orderNumber,
          day,
          customer.country.region,
          customer.country.name,
          customer.city,
          product.line,
          product.name,
          customer.name,
          quantity,
          priceCents,
          salesCents,
          status,
          dealSize(salesCents),
        ];
      }
    }
  }
}

export const salesTable: TableSpec = {
  name: 'sales',
  columns: [
    { name: 'order_number', type: 'INTEGER' },
    { name: 'order_date', type: 'DATE' },
    { name: 'region', type: 'VARCHAR' },
    { name: 'country', type: 'VARCHAR' },
    { name: 'city', type: 'VARCHAR' },
    { name: 'product_line', type: 'VARCHAR' },
    { name: 'product', type: 'VARCHAR' },
    { name: 'customer', type: 'VARCHAR' },
    { name: 'quantity', type: 'INTEGER' },
    { name: 'price_each', type: 'DECIMAL(10,2)' },
    { name: 'sales', type: 'DECIMAL(12,2)' },
    { name: 'status', type: 'VARCHAR' },
    { name: 'deal_size', type: 'VARCHAR' },
  ],
  rows: salesRows,
};
