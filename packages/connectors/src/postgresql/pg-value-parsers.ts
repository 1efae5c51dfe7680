import pg from 'pg';
import type { CustomTypesConfig } from 'pg';
import { bigintToJson, sqlTimestampToIso } from '../shared/json-safe';

type Parser = (text: string) => unknown;

const identity: Parser = (text) => text;

/** Up to 15 digits always fit a double exactly; longer values go through BigInt. */
const SHORT_INTEGER = /^-?\d{1,15}$/;
const INTEGER = /^-?\d+$/;

function parseInt8(text: string): unknown {
  if (SHORT_INTEGER.test(text)) return Number(text);
  return INTEGER.test(text) ? bigintToJson(BigInt(text)) : text;
}

/** Decimals become numbers (as the brief of the API asks); NaN and infinities become null. */
function parseNumeric(text: string): unknown {
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** 'infinity' and '-infinity' stay as they are. */
function parseTimestamp(text: string): unknown {
  const first = text.charCodeAt(0);
  return first >= 48 && first <= 57 ? sqlTimestampToIso(text) : text;
}

// Scalars whose default pg parsing loses information or produces Date objects in local time.
const SCALAR_PARSERS = new Map<number, Parser>([
  [20, parseInt8],
  [1700, parseNumeric],
  [1082, identity], // date stays 'YYYY-MM-DD'
  [1083, identity],
  [1266, identity],
  [1114, parseTimestamp],
  [1184, parseTimestamp],
  [1186, identity], // interval text, e.g. '3 days'
  [17, identity], // bytea arrives as '\x..' hex text already
  [790, identity],
]);

const ARRAY_ELEMENT_OIDS = new Map<number, number>([
  [1016, 20],
  [1231, 1700],
  [1182, 1082],
  [1183, 1083],
  [1270, 1266],
  [1115, 1114],
  [1185, 1184],
  [1187, 1186],
  [1001, 17],
]);

// text[]: pg-types' enum lists only scalar OIDs, but its parser table has the array ones too.
const TEXT_ARRAY_OID = 1009;
const defaultParserOf: (oid: number, format?: 'text' | 'binary') => unknown = pg.types.getTypeParser;

function mapNested(value: unknown, element: Parser): unknown {
  if (Array.isArray(value)) return value.map((inner) => mapNested(inner, element));
  return typeof value === 'string' ? element(value) : value;
}

/** Splits with pg's text[] parser (handles quoting and nesting), then converts each element. */
function arrayOf(element: Parser): Parser {
  const parseTextArray: unknown = defaultParserOf(TEXT_ARRAY_OID, 'text');
  return (text) =>
    mapNested(typeof parseTextArray === 'function' ? (parseTextArray as Parser)(text) : text, element);
}

function getTypeParser(oid: number, format?: 'text' | 'binary'): Parser {
  const scalar = SCALAR_PARSERS.get(oid);
  if (scalar) return scalar;
  const elementOid = ARRAY_ELEMENT_OIDS.get(oid);
  const element = elementOid === undefined ? undefined : SCALAR_PARSERS.get(elementOid);
  if (element) return arrayOf(element);
  const fallback = defaultParserOf(oid, format);
  return typeof fallback === 'function' ? (text) => (fallback as Parser)(text) : identity;
}

/** Per-query type parsers: JSON-friendly values without touching pg's global parser table. */
export const PG_RESULT_TYPES: CustomTypesConfig = { getTypeParser };
