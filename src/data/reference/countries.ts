// ISO 3166-1 countries with zh and en names, from the maintained i18n-iso-countries package (its
// names come from the Unicode CLDR), so that the list follows ISO changes with package updates.
import isoCountries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };

isoCountries.registerLocale(en);
isoCountries.registerLocale(zh);

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. "DE". */
  readonly code: string;
  readonly alpha3: string;
  readonly zh: string;
  readonly en: string;
}

// XK (Kosovo) is a user-assigned code that the package lists but ISO 3166-1 does not.
export const COUNTRIES: readonly Country[] = Object.keys(isoCountries.getAlpha2Codes())
  .filter((code) => code !== 'XK')
  .sort()
  .map((code) => ({
    code,
    alpha3: isoCountries.alpha2ToAlpha3(code) ?? code,
    zh: isoCountries.getName(code, 'zh') ?? code,
    en: isoCountries.getName(code, 'en') ?? code,
  }));

const byCode = new Map(COUNTRIES.map((country) => [country.code, country]));

export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}
