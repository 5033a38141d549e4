/**
 * Personal data a parent should not put into a book that is printed, shared and sent to image
 * models: phone numbers, e-mail addresses and home addresses. A first name, an age, a town or a
 * school's name are fine (they make the story personal); contact details are not.
 */

/** Runs of digits with the separators phone numbers are written with. */
const DIGIT_RUN = /(?<![\p{L}\p{N}.,])\+?\(?\d[\d\s().\-\u2010-\u2013]{5,}\d(?![\p{L}\p{N}])/gu;
const DATE_LIKE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}$/;
const PHONE_WORDS = /\b(call|calls|calling|phone|telephone|tel|mobile|cell|number|whatsapp|text|ring|contact)\b/i;

function digitsOf(s: string): string {
  return s.replace(/\D/g, "");
}

export function findPhoneNumber(text: string): string | null {
  for (const match of text.matchAll(DIGIT_RUN)) {
    const candidate = match[0].trim();
    const digits = digitsOf(candidate);
    if (digits.length > 15) continue;
    if (DATE_LIKE.test(candidate)) continue;
    // a run of years ("1999 2000") is not a number to call
    if (/^(?:(?:19|20)\d\d[\s,-]*)+$/.test(candidate)) continue;
    if (digits.length >= 8) return candidate;
    if (digits.length === 7) {
      const before = text.slice(Math.max(0, (match.index ?? 0) - 30), match.index ?? 0);
      if (/\d{3}[\s.\-\u2010-\u2013]\d{4}/.test(candidate) || PHONE_WORDS.test(before)) return candidate;
    }
  }
  return null;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/** "ada (at) example [dot] com", "ada [at] example.com", "ada at example dot com" (never "… at all. It …") */
const SPELLED_EMAIL =
  /\b[\w.+-]+\s*(?:(?:\(at\)|\[at\]|\{at\})\s*[\w-]+(?:\s*(?:\(dot\)|\[dot\]|\{dot\})\s*|\.)|\s+at\s+[\w-]+\s+(?:dot|\(dot\)|\[dot\])\s+)(?:com|net|org|edu|gov|io|co|uk|in|de|fr|es|it|nl|au|ca|info|me|us)\b/i;

export function findEmail(text: string): string | null {
  return text.match(EMAIL)?.[0] ?? text.match(SPELLED_EMAIL)?.[0] ?? null;
}

const STREET_WORDS =
  "street|road|avenue|lane|drive|boulevard|court|place|terrace|close|crescent|highway|parkway|square|gardens|grove|mews|marg|nagar|strasse|straße|avenida|calle|rue";
const STREET_ABBREVIATIONS = "St|Rd|Ave|Ln|Dr|Blvd|Ct|Pl|Hwy|Pkwy|Sq";
/** Words that start a story sentence rather than a street name ("2 friends walked down the lane"). */
const NOT_A_STREET_NAME =
  "the|a|an|down|up|along|across|into|onto|to|on|in|at|by|over|under|through|and|of|little|big|small|tiny|friends|kids|children|pigs|bears|ducks|cats|dogs|mice|birds|walked|ran|went|drove|rode|found|took|lost|their|his|her|my|our|your|times|days|years|minutes|hours|steps|more";

/** "12 Baker Street", "221b baker street", "4 Elm Rd." */
const STREET_ADDRESS = new RegExp(`\\b\\d{1,5}[a-z]?,?\\s+(?:(?!(?:${NOT_A_STREET_NAME})\\b)[\\p{L}][\\p{L}'’.-]*\\s+){1,3}(?:${STREET_WORDS})\\b`, "iu");
const STREET_ADDRESS_ABBREVIATED = new RegExp(`\\b\\d{1,5}[A-Za-z]?,?\\s+(?:\\p{Lu}[\\p{L}'’-]*\\s+){1,3}(?:${STREET_ABBREVIATIONS})\\b\\.?`, "u");
const PO_BOX = /\bp\.?\s*o\.?\s*box\s*\d+/i;
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/;
const US_STATE_ZIP = /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
const LABELLED_CODE = /\b(?:pin ?code|zip ?code|post ?code|postal code)\s*(?:is|:|#|-)?\s*[A-Z0-9]{3,}/i;
const FLAT_NUMBER = /\b(?:apt|apartment|flat|suite)\.?\s*(?:no\.?|number|#)?\s*\d+[a-z]?\b/i;
const LIVES_AT = /\b(?:lives? at|lived at|address is|address:|home is at)\s*(?:no\.?|number|#)?\s*\d{1,5}\b/i;

export function findAddress(text: string): string | null {
  for (const re of [STREET_ADDRESS, STREET_ADDRESS_ABBREVIATED, PO_BOX, UK_POSTCODE, US_STATE_ZIP, LABELLED_CODE, FLAT_NUMBER, LIVES_AT]) {
    const m = text.match(re);
    if (m) return m[0];
  }
  return null;
}

/** What kind of personal data the text carries, if any. */
export function findPersonalData(text: string): { kind: "phone" | "email" | "address"; found: string } | null {
  const folded = text.normalize("NFKC");
  const email = findEmail(folded);
  if (email) return { kind: "email", found: email };
  const phone = findPhoneNumber(folded);
  if (phone) return { kind: "phone", found: phone };
  const address = findAddress(folded);
  if (address) return { kind: "address", found: address };
  return null;
}
