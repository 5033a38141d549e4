import { env, SELF } from "cloudflare:test";
import { imageKey, imageUrl } from "~/domain/story/book-view";
import { storybookPages } from "~/services/db/schema/index";
import { db, makeBook } from "./db-helpers";

export const BASE = "https://example.com";

/** A browser: keeps its visitor cookie across requests, like a real one. */
export async function visitor() {
  let cookie = "";
  const call = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const res = await SELF.fetch(BASE + path, { ...init, headers, redirect: "manual" });
    const set = res.headers.get("Set-Cookie");
    if (set) cookie = set.split(";")[0];
    return res;
  };
  await (await call("/api/health")).arrayBuffer();
  return { call, visitorId: cookie.split("=")[1] };
}

/** A finished book of `visitorId` with 24 laid-out pages and a drawn cover in R2. */
export async function finishedBook(visitorId: string, extra: Record<string, unknown> = {}) {
  const bookId = await makeBook(
    { visitorId },
    {
      title: "Mia and the Moon Picnic",
      status: "complete",
      step1Complete: true,
      step2Complete: true,
      step3Complete: true,
      isGenerated: true,
      childImageKey: `uploads/${visitorId}/photo1`,
      ...extra,
    },
  );
  const rows = Array.from({ length: 24 }, (_, i) => ({
    bookId,
    pageNumber: i + 1,
    pageType: (i === 0 ? "Front Cover" : i === 1 ? "Title Page" : "Story Page") as "Front Cover" | "Title Page" | "Story Page",
    content: i === 0 ? "Mia and the Moon Picnic" : `Page ${i + 1}: Mia packs a picnic for the moon.`,
    scene: "a picnic on the moon",
    interactionIndex: 1,
    isGenerated: true,
    imageKey: imageKey(bookId, 1, i + 1),
    imageUrl: imageUrl(bookId, 1, i + 1),
  }));
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < rows.length; i += 6) await db.insert(storybookPages).values(rows.slice(i, i + 6));
  await env.BOOK_IMAGES.put(imageKey(bookId, 1, 1), new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), { httpMetadata: { contentType: "image/png" } });
  await env.BOOK_IMAGES.put(`uploads/${visitorId}/photo1`, new Uint8Array([255, 216, 255]), { httpMetadata: { contentType: "image/jpeg" } });
  return bookId;
}
