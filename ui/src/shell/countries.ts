import type { Country } from '../api/types.ts';

/** Countries whose name (or code) contains the query, case-insensitively. */
export function filterCountries(countries: readonly Country[], query: string): Country[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...countries];
  return countries.filter((c) => c.country.toLowerCase().includes(q) || c.iso2.toLowerCase() === q);
}

export function countryName(countries: readonly Country[] | undefined, code: string): string {
  if (code === 'All') return 'All';
  return countries?.find((c) => c.iso2 === code)?.country ?? code;
}
