import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkPhoto, PHOTO_ERRORS, PHOTO_MAX_BYTES, PHOTO_MAX_MB } from "~/domain/story/photo";
import { createUploadService, UploadError } from "~/services/books/uploads.server";

/** The photo is refused for the same reasons, with the same words, in the browser and by the server. */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const OWNER = { kind: "visitor", visitorId: "visitor-0001" } as const;

function uploads() {
  const stored: { key: string; contentType: string | undefined }[] = [];
  const bucket = {
    put: async (key: string, _bytes: Uint8Array, opts?: { httpMetadata?: { contentType?: string } }) => {
      stored.push({ key, contentType: opts?.httpMetadata?.contentType });
      return null;
    },
  } as unknown as R2Bucket;
  // the checks refuse before any database work: a database that fails if it is touched
  const db = new Proxy(
    {},
    {
      get: () => {
        throw new Error("no database in this test");
      },
    },
  ) as never;
  return { service: createUploadService({ images: bucket, db }), stored };
}

async function refusal(bytes: Uint8Array): Promise<UploadError> {
  const { service, stored } = uploads();
  const error = await service.savePhoto(OWNER, { bytes, consent: true }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(stored).toEqual([]);
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe("the photo checks", () => {
  it("say the limit they apply", () => {
    expect(PHOTO_MAX_BYTES).toBe(PHOTO_MAX_MB * 1024 * 1024);
    expect(PHOTO_ERRORS.size).toContain(`${PHOTO_MAX_MB} MB`);
  });

  it("refuse a file that is not a picture with the browser's words, as a 400", async () => {
    const bytes = new TextEncoder().encode("GIF89a not really a jpeg");
    const error = await refusal(bytes);
    expect(error.message).toBe(checkPhoto(bytes.byteLength, bytes));
    expect(error.message).toBe(PHOTO_ERRORS.type);
    expect(error.status).toBe(400);
  });

  it("refuse an empty file with the browser's words, as a 400", async () => {
    const error = await refusal(new Uint8Array());
    expect(error.message).toBe(checkPhoto(0, new Uint8Array()));
    expect(error.message).toBe(PHOTO_ERRORS.empty);
    expect(error.status).toBe(400);
  });

  it("refuse a photo over the limit with the browser's words, as a 413", async () => {
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(PNG);
    const error = await refusal(big);
    expect(error.message).toBe(checkPhoto(big.byteLength, big));
    expect(error.message).toBe(PHOTO_ERRORS.size);
    expect(error.status).toBe(413);
  });

  it("refuse a photo without the parent's agreement, before looking at it", async () => {
    const { service, stored } = uploads();
    const error = await service.savePhoto(OWNER, { bytes: PNG, consent: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toBe(PHOTO_ERRORS.consent);
    expect(stored).toEqual([]);
  });

  it("refuse a file that starts like a picture but is not a whole one", async () => {
    for (const bytes of [PNG, new TextEncoder().encode("RIFF\x04\x00\x00\x00WEBP")]) {
      const error = await refusal(bytes);
      expect(error.message).toBe(PHOTO_ERRORS.unreadable);
      expect(error.status).toBe(400);
    }
  });

  it("keep a whole photo, stored with the type its bytes tell", async () => {
    const { service, stored } = uploads();
    const png = new Uint8Array(readFileSync(new URL("../fixtures/photos/text.png", import.meta.url)));
    const saved = await service.savePhoto(OWNER, { bytes: png, consent: true });
    expect(saved.contentType).toBe("image/png");
    expect(stored).toEqual([{ key: `uploads/visitor-0001/${saved.uploadId}`, contentType: "image/png" }]);
  });
});
