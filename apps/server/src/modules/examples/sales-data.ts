/** Reference lists for the sales table: where customers are and what they buy. */

export const SALES_REGIONS = ['EMEA', 'NA', 'APAC', 'LATAM'] as const;
export type SalesRegion = (typeof SALES_REGIONS)[number];

export interface SalesCountry {
  readonly name: string;
  readonly region: SalesRegion;
  /** Relative share of customers based there. */
  readonly weight: number;
  readonly cities: readonly string[];
  /** Legal-form suffixes used in company names there. */
  readonly suffixes: readonly string[];
}

export const SALES_COUNTRIES: readonly SalesCountry[] = [
  {
    name: 'USA',
    region: 'NA',
    weight: 30,
    cities: ['New York', 'San Francisco', 'Chicago', 'Boston', 'Los Angeles'],
    suffixes: ['Inc.', 'LLC', 'Co.'],
  },
  {
    name: 'Canada',
    region: 'NA',
    weight: 6,
    cities: ['Toronto', 'Vancouver', 'Montreal'],
    suffixes: ['Inc.', 'Ltd.'],
  },
  {
    name: 'UK',
    region: 'EMEA',
    weight: 7,
    cities: ['London', 'Manchester', 'Edinburgh'],
    suffixes: ['Ltd.', 'plc'],
  },
  {
    name: 'France',
    region: 'EMEA',
    weight: 7,
    cities: ['Paris', 'Lyon', 'Marseille', 'Nantes'],
    suffixes: ['SARL', 'S.A.'],
  },
  {
    name: 'Germany',
    region: 'EMEA',
    weight: 7,
    cities: ['Berlin', 'Munich', 'Hamburg', 'Frankfurt'],
    suffixes: ['GmbH', 'AG'],
  },
  {
    name: 'Spain',
    region: 'EMEA',
    weight: 5,
    cities: ['Madrid', 'Barcelona', 'Seville'],
    suffixes: ['S.L.', 'S.A.'],
  },
  {
    name: 'Italy',
    region: 'EMEA',
    weight: 4,
    cities: ['Milan', 'Rome', 'Turin'],
    suffixes: ['S.r.l.', 'S.p.A.'],
  },
  {
    name: 'Netherlands',
    region: 'EMEA',
    weight: 2.5,
    cities: ['Amsterdam', 'Rotterdam'],
    suffixes: ['B.V.'],
  },
  { name: 'Belgium', region: 'EMEA', weight: 1.5, cities: ['Brussels', 'Antwerp'], suffixes: ['NV', 'SRL'] },
  { name: 'Switzerland', region: 'EMEA', weight: 2, cities: ['Zurich', 'Geneva'], suffixes: ['AG', 'SA'] },
  { name: 'Sweden', region: 'EMEA', weight: 1.5, cities: ['Stockholm', 'Gothenburg'], suffixes: ['AB'] },
  { name: 'Norway', region: 'EMEA', weight: 1, cities: ['Oslo', 'Bergen'], suffixes: ['AS'] },
  {
    name: 'Denmark',
    region: 'EMEA',
    weight: 1.2,
    cities: ['Copenhagen', 'Aarhus'],
    suffixes: ['ApS', 'A/S'],
  },
  { name: 'Finland', region: 'EMEA', weight: 1, cities: ['Helsinki', 'Espoo'], suffixes: ['Oy'] },
  { name: 'Ireland', region: 'EMEA', weight: 1, cities: ['Dublin', 'Cork'], suffixes: ['Ltd.'] },
  { name: 'Austria', region: 'EMEA', weight: 1.2, cities: ['Vienna', 'Salzburg'], suffixes: ['GmbH'] },
  {
    name: 'South Africa',
    region: 'EMEA',
    weight: 1,
    cities: ['Johannesburg', 'Cape Town'],
    suffixes: ['(Pty) Ltd'],
  },
  { name: 'UAE', region: 'EMEA', weight: 1, cities: ['Dubai', 'Abu Dhabi'], suffixes: ['LLC', 'FZE'] },
  {
    name: 'Japan',
    region: 'APAC',
    weight: 5,
    cities: ['Tokyo', 'Osaka', 'Yokohama'],
    suffixes: ['K.K.', 'Co., Ltd.'],
  },
  {
    name: 'Australia',
    region: 'APAC',
    weight: 5,
    cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth'],
    suffixes: ['Pty Ltd'],
  },
  { name: 'New Zealand', region: 'APAC', weight: 1, cities: ['Auckland', 'Wellington'], suffixes: ['Ltd.'] },
  {
    name: 'India',
    region: 'APAC',
    weight: 2,
    cities: ['Mumbai', 'Bangalore', 'New Delhi'],
    suffixes: ['Pvt. Ltd.'],
  },
  { name: 'South Korea', region: 'APAC', weight: 2, cities: ['Seoul', 'Busan'], suffixes: ['Co., Ltd.'] },
  {
    name: 'Mexico',
    region: 'LATAM',
    weight: 3,
    cities: ['Mexico City', 'Guadalajara', 'Monterrey'],
    suffixes: ['S.A. de C.V.'],
  },
  {
    name: 'Brazil',
    region: 'LATAM',
    weight: 3,
    cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte'],
    suffixes: ['Ltda.'],
  },
  {
    name: 'Argentina',
    region: 'LATAM',
    weight: 1.5,
    cities: ['Buenos Aires', 'Córdoba'],
    suffixes: ['S.A.', 'S.R.L.'],
  },
  { name: 'Chile', region: 'LATAM', weight: 1, cities: ['Santiago', 'Valparaíso'], suffixes: ['SpA'] },
  { name: 'Colombia', region: 'LATAM', weight: 1, cities: ['Bogotá', 'Medellín'], suffixes: ['S.A.S.'] },
];

export const PRODUCT_LINES = [
  'Classic Cars',
  'Motorcycles',
  'Planes',
  'Ships',
  'Trains',
  'Trucks and Buses',
  'Vintage Cars',
] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

export interface Product {
  readonly line: ProductLine;
  readonly name: string;
  /** List price in dollars at the start of 2021. */
  readonly listPrice: number;
}

/** Share of order lines per product line. */
export const PRODUCT_LINE_WEIGHTS: Readonly<Record<ProductLine, number>> = {
  'Classic Cars': 0.34,
  'Vintage Cars': 0.21,
  Motorcycles: 0.12,
  Planes: 0.11,
  'Trucks and Buses': 0.1,
  Ships: 0.08,
  Trains: 0.04,
};

export const PRODUCTS: readonly Product[] = [
  { line: 'Classic Cars', name: '1968 Ford Mustang Fastback', listPrice: 95 },
  { line: 'Classic Cars', name: '1957 Chevrolet Bel Air', listPrice: 88 },
  { line: 'Classic Cars', name: '1962 Ferrari 250 GTO', listPrice: 185 },
  { line: 'Classic Cars', name: '1970 Dodge Challenger R/T', listPrice: 79 },
  { line: 'Classic Cars', name: '1965 Shelby Cobra 427', listPrice: 142 },
  { line: 'Classic Cars', name: '1961 Jaguar E-Type Roadster', listPrice: 118 },
  { line: 'Motorcycles', name: '1969 Harley-Davidson Electra Glide', listPrice: 92 },
  { line: 'Motorcycles', name: '1974 Ducati 750 SS', listPrice: 105 },
  { line: 'Motorcycles', name: '2002 Yamaha YZR M1', listPrice: 81 },
  { line: 'Motorcycles', name: '1936 BMW R5', listPrice: 64 },
  { line: 'Motorcycles', name: '1982 Honda CB750F', listPrice: 58 },
  { line: 'Planes', name: '1941 Supermarine Spitfire Mk V', listPrice: 109 },
  { line: 'Planes', name: 'Boeing 747-400', listPrice: 118 },
  { line: 'Planes', name: '1928 Ford Trimotor', listPrice: 74 },
  { line: 'Planes', name: 'Lockheed Super Constellation', listPrice: 96 },
  { line: 'Planes', name: 'Douglas DC-3 Dakota', listPrice: 68 },
  { line: 'Ships', name: 'RMS Queen Mary', listPrice: 99 },
  { line: 'Ships', name: 'HMS Victory', listPrice: 122 },
  { line: 'Ships', name: 'USS Constitution', listPrice: 87 },
  { line: 'Ships', name: 'Cutty Sark Clipper', listPrice: 73 },
  { line: 'Ships', name: 'Spanish Galleon', listPrice: 54 },
  { line: 'Trains', name: 'Union Pacific Big Boy', listPrice: 84 },
  { line: 'Trains', name: 'Orient Express Sleeping Car', listPrice: 66 },
  { line: 'Trains', name: 'LNER Class A4 Mallard', listPrice: 77 },
  { line: 'Trains', name: 'Santa Fe Super Chief', listPrice: 59 },
  { line: 'Trucks and Buses', name: '1940 Ford Pickup', listPrice: 62 },
  { line: 'Trucks and Buses', name: '1958 Peterbilt 281', listPrice: 88 },
  { line: 'Trucks and Buses', name: '1960 Volkswagen T1 Bus', listPrice: 71 },
  { line: 'Trucks and Buses', name: 'London Routemaster Bus', listPrice: 57 },
  { line: 'Trucks and Buses', name: '1996 Kenworth W900', listPrice: 96 },
  { line: 'Vintage Cars', name: '1911 Ford Model T', listPrice: 61 },
  { line: 'Vintage Cars', name: '1928 Mercedes-Benz SSK', listPrice: 137 },
  { line: 'Vintage Cars', name: '1932 Alfa Romeo 8C', listPrice: 128 },
  { line: 'Vintage Cars', name: '1936 Bugatti Type 57', listPrice: 164 },
  { line: 'Vintage Cars', name: '1930 Duesenberg Model J', listPrice: 152 },
  { line: 'Vintage Cars', name: '1914 Rolls-Royce Silver Ghost', listPrice: 112 },
];

/** Words combined into company names: "<first> <second> <legal form>". */
export const COMPANY_FIRST_WORDS: readonly string[] = [
  'Alpine',
  'Atlantic',
  'Baltic',
  'Blue Harbor',
  'Bright Gear',
  'Cascade',
  'Classic',
  'Coastline',
  'Copper',
  'Crown',
  'Diecast',
  'Eagle',
  'Empire',
  'Evergreen',
  'Falcon',
  'Golden Gate',
  'Grand Prix',
  'Heritage',
  'Highland',
  'Horizon',
  'Iron Horse',
  'Keystone',
  'Landmark',
  'Legacy',
  'Lighthouse',
  'Maple',
  'Meridian',
  'Milestone',
  'Northern Lights',
  'Oakwood',
  'Pacific Rim',
  'Pinnacle',
  'Redline',
  'Riverside',
  'Royal',
  'Silver Arrow',
  'Summit',
  'Sunrise',
  'Tin Soldier',
  'Trailhead',
  'Vanguard',
  'Vintage Lane',
  'West Coast',
  'Windmill',
];

export const COMPANY_SECOND_WORDS: readonly string[] = [
  'Collectables',
  'Gifts',
  'Models',
  'Replicas',
  'Hobbies',
  'Toys',
  'Miniatures',
  'Classics',
  'Scale Models',
  'Curios',
  'Treasures',
  'Emporium',
  'Traders',
  'Imports',
  'Souvenirs',
];

export const ORDER_STATUSES = [
  'Shipped',
  'Cancelled',
  'Disputed',
  'In Process',
  'On Hold',
  'Resolved',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
