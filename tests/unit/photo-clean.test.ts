import { readFileSync } from "node:fs";
import { decode as decodePng, encode as encodePng } from "fast-png";
import { describe, expect, it } from "vitest";
import { crc32 } from "~/services/books/photo-clean/bytes";
import { cleanPhoto, PhotoRejected } from "~/services/books/photo-clean/index";
import { exifOrientation } from "~/services/books/photo-clean/jpeg";

// Real photos made with ImageMagick, cwebp and exiftool (tests/fixtures/photos): each carries GPS
// coordinates, an XMP creator ("Ava's mum") and, where the format has one, a comment with a street.
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/photos/${name}`, import.meta.url)));
const text = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const FIXTURES = ["gps.jpg", "progressive.jpg", "text.png", "lossy.webp", "alpha-lossy.webp", "alpha-lossless.webp"];

/** The APP1 segments of a JPEG. */
function app1Segments(b: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let pos = 2;
  while (pos + 4 <= b.length && b[pos] === 0xff && b[pos + 1] !== 0xda) {
    const length = (b[pos + 2] << 8) | b[pos + 3];
    if (b[pos + 1] === 0xe1) out.push(b.subarray(pos + 4, pos + 2 + length));
    pos += 2 + length;
  }
  return out;
}

function pngChunks(b: Uint8Array): string[] {
  const out: string[] = [];
  for (let pos = 8; pos < b.length;) {
    const length = new DataView(b.buffer, b.byteOffset).getUint32(pos);
    out.push(text(b.subarray(pos + 4, pos + 8)));
    pos += 12 + length;
  }
  return out;
}

function webpChunks(b: Uint8Array): string[] {
  const out: string[] = [];
  const view = new DataView(b.buffer, b.byteOffset);
  for (let pos = 12; pos < b.length;) {
    const size = view.getUint32(pos + 4, true);
    out.push(text(b.subarray(pos, pos + 4)));
    pos += 8 + size + (size & 1);
  }
  return out;
}

async function expectRejected(bytes: Uint8Array) {
  await expect(cleanPhoto(bytes)).rejects.toBeInstanceOf(PhotoRejected);
}

describe("cleaning a photo", () => {
  it.each(FIXTURES)("%s keeps its picture and loses every word about it", async (name) => {
    const original = fixture(name);
    expect(text(original)).toMatch(/Ava/); // the fixture does carry metadata
    const { bytes, contentType } = await cleanPhoto(original);
    expect(contentType).toBe(name.endsWith(".jpg") ? "image/jpeg" : name.endsWith(".png") ? "image/png" : "image/webp");
    const out = text(bytes);
    for (const word of ["Ava", "Elm Street", "PhoneCo", "GPS", "xmp", "XMP", "adobe:ns:meta", "Comment", "Author"]) expect(out).not.toContain(word);
    // the same again: nothing left to take out
    expect((await cleanPhoto(bytes)).bytes).toEqual(bytes);
  });

  it("keeps a JPEG's orientation (and only that) so the photo stays upright", async () => {
    const { bytes } = await cleanPhoto(fixture("gps.jpg"));
    const exif = app1Segments(bytes);
    expect(exif).toHaveLength(1);
    expect(exif[0]).toHaveLength(32);
    expect(exifOrientation(exif[0])).toBe(6);
    expect(text(bytes.subarray(0, 12))).toContain("JFIF");
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it("keeps a PNG's pixels exactly and only its picture chunks", async () => {
    const original = fixture("text.png");
    expect(pngChunks(original)).toEqual(expect.arrayContaining(["tEXt", "eXIf", "iTXt"]));
    const { bytes } = await cleanPhoto(original);
    expect(pngChunks(bytes).every((c) => ["IHDR", "gAMA", "cHRM", "sRGB", "tRNS", "PLTE", "IDAT", "IEND"].includes(c))).toBe(true);
    expect(decodePng(bytes).data).toEqual(decodePng(original).data);
  });

  it("keeps a WebP's picture chunk (and alpha) only", async () => {
    expect(webpChunks(fixture("lossy.webp"))).toEqual(expect.arrayContaining(["EXIF", "XMP "]));
    expect(webpChunks((await cleanPhoto(fixture("lossy.webp"))).bytes)).toEqual(["VP8 "]);
    expect(webpChunks((await cleanPhoto(fixture("alpha-lossy.webp"))).bytes)).toEqual(["VP8X", "ALPH", "VP8 "]);
    expect(webpChunks((await cleanPhoto(fixture("alpha-lossless.webp"))).bytes)).toEqual(["VP8L"]);
  });

  it("drops bytes hidden after the picture ends", async () => {
    const jpeg = fixture("gps.jpg");
    const smuggled = new Uint8Array([...jpeg, ...new TextEncoder().encode("lat=51.5 lon=-0.12 Ava")]);
    expect(text((await cleanPhoto(smuggled)).bytes)).not.toContain("Ava");
  });
});

describe("refusing what is not a whole photo", () => {
  it("a 12-byte fake WebP, a bare JPEG start, an empty PNG signature", async () => {
    await expectRejected(new TextEncoder().encode("RIFF\x04\x00\x00\x00WEBP"));
    await expectRejected(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
    await expectRejected(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await expectRejected(new TextEncoder().encode("GIF89a not a photo"));
  });

  it.each(FIXTURES)("%s cut short", async (name) => {
    const whole = fixture(name);
    await expectRejected(whole.subarray(0, Math.floor(whole.length * 0.6)));
  });

  it("a PNG whose data was altered (bad CRC) or is short of its rows", async () => {
    const bad = fixture("text.png").slice();
    bad[bad.length - 30] ^= 0xff;
    await expectRejected(bad);
    // a 4×4 picture whose header is changed to claim 4×40 (with a correct CRC): too few rows
    const small = encodePng({ width: 4, height: 4, data: new Uint8Array(4 * 4 * 3).fill(200), channels: 3, depth: 8 });
    const liar = small.slice();
    new DataView(liar.buffer).setUint32(20, 40);
    new DataView(liar.buffer).setUint32(29, crc32(liar.subarray(12, 29)));
    await expectRejected(liar);
    expect((await cleanPhoto(small)).contentType).toBe("image/png");
  });

  it("a WebP with a chunk past its end, garbage for a frame, or an animation", async () => {
    const webp = fixture("lossy.webp").slice();
    new DataView(webp.buffer).setUint32(16, 1_000_000, true);
    await expectRejected(webp);
    const garbage = new Uint8Array([
      ...new TextEncoder().encode("RIFF"),
      24,
      0,
      0,
      0,
      ...new TextEncoder().encode("WEBPVP8 "),
      12,
      0,
      0,
      0,
      ...new Array(12).fill(7),
    ]);
    await expectRejected(garbage);
    const animated = fixture("alpha-lossy.webp").slice();
    expect(text(animated.subarray(12, 16))).toBe("VP8X");
    animated[20] |= 0x02;
    await expectRejected(animated);
  });

  it("a JPEG whose scan names no frame, or a picture claiming 100,000 pixels a side", async () => {
    const jpeg = fixture("progressive.jpg");
    const sof = jpeg.findIndex((v, i) => v === 0xff && jpeg[i + 1] === 0xc2);
    const huge = jpeg.slice();
    new DataView(huge.buffer).setUint16(sof + 5, 50_000);
    await expectRejected(huge);
    const noFrame = jpeg.slice();
    noFrame[sof + 1] = 0xfe; // the frame becomes a comment
    await expectRejected(noFrame);
  });
});
