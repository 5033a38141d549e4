import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/services/auth/crypto.server";
import { SAMPLE_OWNER_ID } from "~/services/books/samples.server";
import { parseEnv } from "~/services/env.server";
import { createServices } from "~/services/services.server";
import { pageText } from "./auth-helpers";
import { finishedBook } from "./book-fixtures";
import { browser, newSession, verifiedParent } from "./claim-helpers";
import { makeBook, uid } from "./db-helpers";

// Who may see a book's pictures (/api/images/...): its owner, anyone for a sample book, and whoever
// holds the book's live public link or a live read link of its story e-mail. Everyone else gets the
// 404 of a picture that does not exist.

const services = () => createServices(parseEnv(env));
const cover = (bookId: string, query = "") => `/api/images/${bookId}/1/page-1.png${query}`;

async function expectRefused(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  expect(await res.json()).toEqual({ error: "Image not found" });
}

describe("a book's pictures", () => {
  it("are the owner's: 200 with private caching; a stranger with the book id gets the not-found 404", async () => {
    const owner = browser();
    const bookId = await finishedBook(owner.visitorId);
    const res = await owner.call(cover(bookId));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect(res.headers.get("Cache-Control")).not.toContain("public");
    expect(res.headers.get("Vary")).toBe("Cookie");
    const etag = res.headers.get("ETag")!;
    await res.arrayBuffer();
    const again = await owner.call(cover(bookId), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);

    const stranger = browser();
    await expectRefused(await stranger.call(cover(bookId)));
    // revalidating a picture it never had changes nothing
    await expectRefused(await stranger.call(cover(bookId), { headers: { "If-None-Match": etag } }));
    // the same answer as a book that does not exist
    await expectRefused(await stranger.call(cover("NoSuchBook123")));
    // a made-up pass opens nothing
    await expectRefused(await stranger.call(cover(bookId, "?share=abcdefghijkmnpqrstuv&read=x")));
  });

  it("of a signed-in parent's book are the parent's on any browser, and no one else's", async () => {
    const parent = await verifiedParent();
    const bookId = await makeBook({ userProfileId: parent.profileId, visitorId: uid("v") }, { status: "complete" });
    await env.BOOK_IMAGES.put(`${bookId}/1/page-1.png`, new Uint8Array([137, 80, 78, 71]), { httpMetadata: { contentType: "image/png" } });
    const signedIn = browser({ session: await newSession(parent) });
    const res = await signedIn.call(cover(bookId));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await expectRefused(await browser().call(cover(bookId)));
  });

  it("a public link opens only its own book's pictures", async () => {
    const owner = browser();
    const mine = await finishedBook(owner.visitorId);
    const other = await finishedBook(owner.visitorId);
    // a public link made before public links needed an account (a visitor's keeps working)
    const slug = "mine-public-link-k7pz2qxa";
    await env.DB.prepare("update storybooks set is_public = 1, slug = ? where book_id = ?").bind(slug, mine).run();
    const stranger = browser();
    const res = await stranger.call(cover(mine, `?share=${slug}`));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await expectRefused(await stranger.call(cover(other, `?share=${slug}`)));
  });

  it("a story e-mail's read link opens the book's pictures until it expires", async () => {
    const bookId = await finishedBook(uid("vis"));
    const token = await services().emailLinks.issue("read-book", { bookId });
    const reader = browser();
    const html = await pageText(await reader.call(`/read/${token}`));
    expect(html).toContain(`/api/images/${bookId}/1/page-1.png?read=${token}`);
    const res = await reader.call(cover(bookId, `?read=${token}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
    await res.arrayBuffer();
    // another book's token, a PDF token, or an expired token: nothing
    const otherBook = await finishedBook(uid("vis"));
    await expectRefused(await reader.call(cover(otherBook, `?read=${token}`)));
    const pdfToken = await services().emailLinks.issue("book-pdf", { bookId });
    await expectRefused(await reader.call(cover(bookId, `?read=${pdfToken}`)));
    await env.DB.prepare("UPDATE email_tokens SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(await sha256Hex(token))
      .run();
    await expectRefused(await reader.call(cover(bookId, `?read=${token}`)));
  });

  it("of a sample book are anyone's, cacheable publicly", async () => {
    const bookId = await finishedBook(SAMPLE_OWNER_ID);
    const res = await browser().call(cover(bookId));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    await res.arrayBuffer();
  });
});
