// The fuzz drill's inputs (scripts/fuzz.mjs): malformed requests made from a seeded random source,
// so a run with the same seed sends the same requests.
/* global FormData, Blob */

// ---- a seeded random source (mulberry32) -------------------------------------------------------
let state = 13;
/** Starts the random source again from `n`. */
export function seed(n) {
  state = n >>> 0;
}
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
export const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;
const int = (min, max) => min + Math.floor(random() * (max - min + 1));

// ---- what goes into a request -----------------------------------------------------------------
const LONG = "x".repeat(100 * 1024);
const LONE_SURROGATE = "\ud800";
/** Strings for fields: unicode (lone surrogates, RTL, emoji, NUL), SQL-like, traversal, huge. */
const STRINGS = [
  "",
  " ",
  "Mia",
  "a".repeat(5000),
  LONG,
  `tail${LONE_SURROGATE}`,
  `\udfff${LONE_SURROGATE}x`,
  "\u0000",
  "nul\u0000in the middle",
  "\u202eevil\u202c",
  "👩‍👩‍👧‍👦🚀",
  "Zoë Ångström",
  "' OR 1=1 --",
  "'; DROP TABLE storybooks; --",
  '" OR ""="',
  "1; SELECT * FROM users",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "a@b.c",
  "someone@example.com",
  "not-an-email",
  "https://evil.example/x",
  "javascript:alert(1)",
  "NaN",
  "-1",
  "1e309",
];
const NUMBERS = [0, -1, 1, 3, 24, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 0.5, 1.5e-300];
/** Field names the routes read (and some they do not). */
const FIELDS = [
  "mode",
  "email",
  "name",
  "bookId",
  "childName",
  "age",
  "gender",
  "theme",
  "themeChoice",
  "artStyle",
  "plotOutline",
  "prompt",
  "messages",
  "credits",
  "q",
  "sort",
  "limit",
  "offset",
  "slug",
  "token",
  "intent",
  "password",
  "firstName",
  "lastName",
  "country",
  "plan",
  "planId",
  "currency",
  "quantity",
  "message",
  "subject",
  "errorId",
  "path",
  "stack",
  "notifyEmail",
  "uploadId",
  "photo",
  "title",
  "text",
  "pageNumber",
  "orderIdNumber",
  "profileUserEmail",
  "temperature",
  "max_tokens",
  "size",
  "model",
  "n",
  "consent",
  "redirectTo",
  "idempotencyKey",
  "__proto__",
  "constructor",
];
const MODES = ["contact", "story", "pdfGenerate", "plan-purchase", "spam"];

function value(depth = 0) {
  const r = random();
  if (r < 0.45) return pick(STRINGS);
  if (r < 0.6) return pick(NUMBERS);
  if (r < 0.68) return null;
  if (r < 0.74) return chance(0.5);
  if (r < 0.87 && depth < 3) return Array.from({ length: int(0, chance(0.1) ? 200 : 4) }, () => value(depth + 1));
  if (depth < 3) return object(depth + 1);
  return pick(STRINGS);
}
function object(depth = 0) {
  const o = {};
  for (let i = int(0, 8); i > 0; i--) o[pick(FIELDS)] = value(depth);
  if (chance(0.3)) o.mode = pick(MODES);
  if (chance(0.15)) o.messages = [{ role: pick(["user", "system", "assistant", "tool"]), content: pick(STRINGS) }];
  return o;
}

/** A JSON body, or something that claims to be one. */
function jsonBody() {
  const r = random();
  if (r < 0.55) return JSON.stringify(chance(0.85) ? object() : value());
  if (r < 0.65) return pick(["{", '{"a":', "[1,2,", '{"mode":"contact"', "nul", "{'single':'quotes'}", '{"a":1}}', "\u0000"]);
  if (r < 0.75) return `{"mode":"${pick(MODES)}","email":"\\ud800","name":"\\udfff","bookId":"${pick(["../../x", "abc", "\\u0000"])}"}`;
  if (r < 0.85) return Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d]); // invalid UTF-8 in a string
  if (r < 0.92) return JSON.stringify({ [pick(FIELDS)]: LONG });
  return "";
}
function formBody(multipart) {
  const fields = Object.entries(object());
  if (multipart) {
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
    if (chance(0.3))
      form.append(
        pick(["photo", "audio", "avatar", "file"]),
        new Blob([pick(["RIFF\0\0\0\0WEBPVP8 ", "\x89PNG\r\n", "GIF89a", LONG.slice(0, 2000)])], {
          type: pick(["image/png", "image/webp", "audio/webm", "text/plain"]),
        }),
        "x.png",
      );
    return form;
  }
  return new URLSearchParams(fields.map(([k, v]) => [k, typeof v === "string" ? v.replace(/[\ud800-\udfff]/g, "?") : (JSON.stringify(v) ?? "")])).toString();
}

/** Path parameters: ids that traverse, inject, overflow, or look right. */
const SEGMENTS = [
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "..%5C..%5C",
  "%00",
  "%ED%A0%80",
  "%FF%FE",
  "'%20OR%201%3D1--",
  "A1b2C3d4E5f6G7h8J9k0",
  "abcdefabcdefabcdef",
  "a".repeat(300),
  "1",
  "0",
  "-1",
  "25",
  "1.5",
  "1e1",
  "%F0%9F%9A%80",
  "null",
  "undefined",
  "%20",
  "x".repeat(3000),
];
const QUERIES = [
  "",
  "?q=%00",
  "?q=%ED%A0%80",
  "?limit=-1&offset=1e309",
  "?sort[]=a&sort=b",
  `?q=${"a".repeat(4000)}`,
  "?theme=%3Cscript%3E",
  "?country=XX",
  "?redirectTo=https%3A%2F%2Fevil.example",
];

function fillPath(pattern) {
  return pattern.replace(/:[A-Za-z]+(\{[^}]*\})?|\*/g, () => pick(SEGMENTS));
}

const COOKIES = [
  undefined,
  undefined,
  undefined,
  "sn_vid=short",
  "sn_vid=%E0%A4%A",
  `sn_vid=${"x".repeat(5000)}`,
  "sn_vid=a=b=c",
  'sn_vid="quoted"',
  "sn_session=%%%",
  "__Host-sn_session=abc; sn_vid=A1b2C3d4E5f6G7h8J9k0L1m2N3p4Q5r6",
  "sn_session=" + "z".repeat(3000),
  "story-app-cookie-consent=%ZZ; sn_dev_country=%E0",
];
const TYPES = [
  "application/json",
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/xml",
  "application/json; charset=utf-16",
  "",
  "garbage/\u00e9",
];
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"];

/** One malformed request against `target` ({ method, path, kind }). */
export function makeRequest(target, origin) {
  const method = chance(0.7) ? target.method : pick(METHODS);
  const url = origin + fillPath(target.path) + (chance(0.25) ? pick(QUERIES) : "");
  const headers = { "CF-Connecting-IP": `10.${int(0, 255)}.${int(0, 255)}.${int(1, 254)}` };
  const cookie = pick(COOKIES);
  if (cookie) headers.Cookie = cookie;
  // mostly from no page at all (a script), sometimes our own page, now and then another site
  const from = random();
  if (from < 0.2) headers.Origin = origin;
  else if (from < 0.25) headers.Origin = pick(["https://evil.example", "null", "not a url"]);
  let body;
  if (method !== "GET" && method !== "HEAD") {
    const type = target.kind === "page" && chance(0.6) ? pick(["application/x-www-form-urlencoded", "multipart/form-data"]) : pick(TYPES);
    if (type === "multipart/form-data") body = formBody(true);
    else if (type === "application/x-www-form-urlencoded") body = formBody(false);
    else body = jsonBody();
    if (type && type !== "multipart/form-data") headers["Content-Type"] = type;
    else if (type === "multipart/form-data" && chance(0.2)) headers["Content-Type"] = "multipart/form-data; boundary=missing";
  }
  return { method, url, headers, body, target: `${target.method} ${target.path}` };
}
