import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryList, countryName } from '../../../src/domain/countries';

describe('the country list (spec 2 §3: about 190 to 200 names)', () => {
  it('rule: between 190 and 200 countries, each an ISO 3166-1 alpha-2 code, none twice', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(190);
    expect(COUNTRY_CODES.length).toBeLessThanOrEqual(200);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('names come in the interface language, sorted in its alphabet', () => {
    const ru = countryList('ru');
    expect(ru.find((country) => country.code === 'DE')?.name).toBe('Германия');
    expect(ru.map((country) => country.name)).toEqual([...ru.map((country) => country.name)].sort(new Intl.Collator('ru').compare));
    expect(countryList('en').find((country) => country.code === 'DE')?.name).toBe('Germany');
    // Every code has a real name, not the code itself.
    expect(countryList('en').filter((country) => country.name === country.code)).toEqual([]);
  });

  it('one name by code, the code itself when the runtime has none', () => {
    expect(countryName('ru', 'en')).toBe('Russia');
    expect(countryName('ZZ', 'en')).toMatch(/ZZ|Unknown Region/);
  });
});
