import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

/**
 * Country codes for the world map. Only the map's lazily loaded chunk imports this module, so the
 * code tables and English names stay out of every other page's bundle.
 */

countries.registerLocale(english);

/** Superset's `country_fieldtype`: what the entity column holds. */
export type CountryFieldType = 'cca2' | 'cca3' | 'cioc' | 'name';

export const COUNTRY_FIELD_TYPES: readonly CountryFieldType[] = ['cca2', 'cca3', 'cioc', 'name'];

export function isCountryFieldType(value: unknown): value is CountryFieldType {
  return typeof value === 'string' && (COUNTRY_FIELD_TYPES as readonly string[]).includes(value);
}

/**
 * The ISO 3166-1 alpha-3 code of an entity value, or undefined when it names no country. Olympic
 * (cioc) codes are read as alpha-3, which they equal for most countries; the few that differ
 * (GER, NED, SUI, ...) do not resolve.
 */
export function toAlpha3(fieldType: CountryFieldType, value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  switch (fieldType) {
    case 'cca2':
      return countries.alpha2ToAlpha3(text.toUpperCase());
    case 'cca3':
    case 'cioc':
      return countries.alpha3ToAlpha2(text.toUpperCase()) === undefined ? undefined : text.toUpperCase();
    case 'name':
      return countries.getAlpha3Code(text, 'en') ?? countries.getSimpleAlpha3Code(text, 'en');
  }
}

/** The alpha-3 code of an ISO 3166-1 numeric code, as world-atlas names its features ('840'). */
export function numericToAlpha3(numeric: string): string | undefined {
  return countries.numericToAlpha3(numeric);
}

/** The English short name of an alpha-3 code (tooltips), or the code itself when unknown. */
export function countryName(alpha3: string): string {
  return countries.getName(alpha3, 'en', { select: 'official' }) ?? alpha3;
}
