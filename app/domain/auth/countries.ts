/**
 * The countries a parent can pick on their profile: where StoryNest sells (its markets, with the
 * larger countries of the European Union in place of "EU"), by their ISO 3166-1 alpha-2 codes,
 * sorted by name. A parent elsewhere leaves it empty.
 */
export const PROFILE_COUNTRIES = [
  { code: "AU", name: "Australia" },
  { code: "AT", name: "Austria" },
  { code: "BE", name: "Belgium" },
  { code: "BR", name: "Brazil" },
  { code: "CA", name: "Canada" },
  { code: "DK", name: "Denmark" },
  { code: "FI", name: "Finland" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "HK", name: "Hong Kong" },
  { code: "IN", name: "India" },
  { code: "IE", name: "Ireland" },
  { code: "IT", name: "Italy" },
  { code: "JP", name: "Japan" },
  { code: "MX", name: "Mexico" },
  { code: "NL", name: "Netherlands" },
  { code: "NZ", name: "New Zealand" },
  { code: "NO", name: "Norway" },
  { code: "PL", name: "Poland" },
  { code: "PT", name: "Portugal" },
  { code: "SG", name: "Singapore" },
  { code: "ZA", name: "South Africa" },
  { code: "KR", name: "South Korea" },
  { code: "ES", name: "Spain" },
  { code: "SE", name: "Sweden" },
  { code: "CH", name: "Switzerland" },
  { code: "TW", name: "Taiwan" },
  { code: "AE", name: "United Arab Emirates" },
  { code: "GB", name: "United Kingdom" },
  { code: "US", name: "United States" },
] as const;

export type ProfileCountry = (typeof PROFILE_COUNTRIES)[number]["code"];

/** The code when it is one of the list (any case), else null: a form's value or Cloudflare's CF-IPCountry header. */
export function profileCountry(value: unknown): ProfileCountry | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return PROFILE_COUNTRIES.find((c) => c.code === code)?.code ?? null;
}
