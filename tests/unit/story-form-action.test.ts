import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import type { StoryFormActionData } from "~/components/story-form/page-data";
import { MESSAGES, storyFormAction, storyFormLoader } from "~/routes/story-form.server";
import { PHOTO_ERRORS } from "~/domain/story/photo";
import type { StoryFormInput } from "~/domain/story/form";
import { BUILT_IN_THEMES } from "~/domain/story/themes";
import { creditsLead } from "~/domain/story/credits";
import type { CreateResult } from "~/services/books/books.server";
import { UploadError } from "~/services/books/uploads.server";
import type { Owner } from "~/services/db/owner.server";
import { DEFAULT_MARKET } from "~/domain/pricing/markets";

/**
 * The creation pages' loader and action against a recording stand-in for the book engine (the parts
 * they use: services.books.create / price / available, services.uploads.savePhotoAndSquare, context.owner).
 * What is checked is this page's own work: reading the multipart form, keeping photos, passing the
 * idempotency key, and turning the engine's answers into redirects, field errors and notices. The
 * engine itself is tested in tests/workers/books-engine.test.ts; the whole path in e2e.
 */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 9, 9]);
const VISITOR = "Vis1tor0000000000000000000000000";

type Answer = (input: StoryFormInput) => CreateResult;

function fakeEngine(answer: Answer, opts: { refuseUpload?: UploadError; available?: number } = {}) {
  const created: { owner: Owner; input: StoryFormInput; idempotencyKey?: string; client?: string }[] = [];
  const saved: { owner: Owner; bytes: number }[] = [];
  let n = 0;
  const books = {
    price: 1,
    async available() {
      return { balance: opts.available ?? 3, available: opts.available ?? 3 };
    },
    lead: (owner: Owner) => creditsLead(owner.kind === "profile", 2),
    async create(owner: Owner, input: StoryFormInput, { idempotencyKey, client }: { idempotencyKey?: string; client?: string } = {}) {
      created.push({ owner, input, idempotencyKey, client });
      return answer(input);
    },
  };
  const uploads = {
    // the per-address and per-visitor limits (D1) are the Workers tests' (photo-uploads.test.ts)
    async allow() {
      return { ok: true as const };
    },
    async discard() {},
    // the photo and its square, each kept (their cleaning and R2 are the Workers tests')
    async savePhotoAndSquare(owner: Owner, bytes: { photo: Uint8Array; square: Uint8Array | null }) {
      if (opts.refuseUpload) return { error: opts.refuseUpload.message, status: opts.refuseUpload.status };
      const ids: string[] = [];
      for (const photo of [bytes.photo, bytes.square]) {
        if (!photo) continue;
        saved.push({ owner, bytes: photo.byteLength });
        n += 1;
        ids.push(`upload-0000000${n}`);
      }
      return { ids };
    },
  };
  // what the action hands to the analytics recorder (which decides on consent itself; the Workers tests cover it)
  const activity: { event: string; data?: unknown }[] = [];
  const analytics = {
    activity: async (_headers: Headers, _who: unknown, event: string, opts: { data?: unknown }) => {
      activity.push({ event, data: opts.data });
      return true;
    },
  };
  const dropped: string[] = [];
  return { books, uploads, created, saved, analytics, activity, dropped };
}

function context(engine: ReturnType<typeof fakeEngine>): AppLoadContext {
  return {
    env: { secrets: {} },
    requestId: "test-request",
    identity: { visitorId: VISITOR, userId: null, userProfileId: null, isAuthenticated: false },
    owner: { kind: "visitor", visitorId: VISITOR },
    market: { market: DEFAULT_MARKET, source: "default" },
    services: {
      themes: { list: async () => ({ themes: [...BUILT_IN_THEMES], source: "built-in" as const }) },
      books: engine.books,
      uploads: engine.uploads,
      // the one-story pack's price in the market (the pricing service reads D1; the Workers tests cover it)
      pricing: { bookPrice: async () => ({ formatted: "₹449.00" }) },
      analytics: engine.analytics,
      // the form kept for sign-up (KV in the Worker): none kept here
      drafts: { get: async () => null, save: async () => {}, drop: async (_visitor: string, mode: string) => void engine.dropped.push(mode) },
    },
    waitUntil: () => {},
  } as unknown as AppLoadContext;
}

function form(fields: Record<string, string>, files: Record<string, File> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const [k, v] of Object.entries(files)) f.set(k, v);
  return f;
}

const GOOD = { childName: "Zoe", age: "6", gender: "girl", themeChoice: "Space", artStyle: "cartoon", idempotencyKey: "6f1c2a7e-1111-4222-8333-944455556666" };

async function post(body: FormData, ctx: AppLoadContext, mode: "theme" | "custom" = "theme") {
  const request = new Request("https://example.com/createstory", { method: "POST", body });
  const result = (await storyFormAction({ request, context: ctx, params: {} }, mode)) as unknown;
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: null };
  const d = result as { data: StoryFormActionData; init?: { status?: number } };
  return { status: d.init?.status ?? 200, location: null, body: d.data };
}

describe("the action", () => {
  it("creates the book with the visitor as owner and the form's key, then goes to it", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk123abc", created: true }));
    const res = await post(form(GOOD), context(engine));
    expect(res).toMatchObject({ status: 302, location: "/youraistory/Bk123abc" });
    expect(engine.created).toHaveLength(1);
    // a new book is handed to analytics as started (recorded only with the visitor's consent)
    expect(engine.activity).toEqual([{ event: "book_started", data: { bookId: "Bk123abc" } }]);
    // a form kept for sign-up has done its work
    expect(engine.dropped).toEqual(["theme"]);
    const [{ owner, input, idempotencyKey }] = engine.created;
    expect(owner).toEqual({ kind: "visitor", visitorId: VISITOR });
    expect(idempotencyKey).toBe(GOOD.idempotencyKey);
    expect(input).toMatchObject({ childName: "Zoe", age: 6, gender: "girl", theme: "Space", artStyle: "cartoon", length: "medium" });
    expect(input.childImage).toBeUndefined();
  });

  it("drops a key that is not a plain token", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk1", created: true }));
    await post(form({ ...GOOD, idempotencyKey: "<bad key>" }), context(engine));
    expect(engine.created[0].idempotencyKey).toBeUndefined();
  });

  it("keeps the photo and its square crop, and passes both upload ids", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk2", created: true }));
    const res = await post(
      form(
        { ...GOOD, photoConsent: "yes" },
        { photo: new File([PNG], "zoe.png", { type: "image/png" }), photoCropped: new File([JPEG], "zoe-square.jpg", { type: "image/jpeg" }) },
      ),
      context(engine),
    );
    expect(res.status).toBe(302);
    expect(engine.saved).toEqual([
      { owner: { kind: "visitor", visitorId: VISITOR }, bytes: PNG.byteLength },
      { owner: { kind: "visitor", visitorId: VISITOR }, bytes: JPEG.byteLength },
    ]);
    expect(engine.created[0].input).toMatchObject({ childImage: "upload-00000001", childImageCropped: "upload-00000002" });
  });

  it("refuses a file that is not a picture by its bytes, beside the photo field, without asking for a book", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk3", created: true }));
    const res = await post(form(GOOD, { photo: new File(["GIF89a..."], "zoe.jpg", { type: "image/jpeg" }) }), context(engine));
    expect(res.status).toBe(400);
    expect(res.body?.errors).toEqual({ photo: PHOTO_ERRORS.type });
    expect(engine.saved).toHaveLength(0);
    expect(engine.created).toHaveLength(0);
  });

  it("answers 413 for a photo over 8 MB", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk4", created: true }));
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await post(form(GOOD, { photo: new File([big], "huge.png", { type: "image/png" }) }), context(engine));
    expect(res.status).toBe(413);
    expect(res.body?.errors.photo).toBe(PHOTO_ERRORS.size);
    expect(engine.created).toHaveLength(0);
  });

  it("shows the engine's own refusal of a photo beside the field", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk5", created: true }), {
      refuseUpload: new UploadError("That photo could not be read. Please try another.", 400),
    });
    const res = await post(form({ ...GOOD, photoConsent: "yes" }, { photo: new File([PNG], "zoe.png", { type: "image/png" }) }), context(engine));
    expect(res.status).toBe(400);
    expect(res.body?.errors.photo).toBe("That photo could not be read. Please try another.");
  });

  it("stores nothing for a submit another field refuses; a photo kept from earlier is used, and the parent can drop it", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk6", created: true }));
    const first = await post(form({ ...GOOD, age: "", photoConsent: "yes" }, { photo: new File([PNG], "zoe.png", { type: "image/png" }) }), context(engine));
    expect(first.status).toBe(400);
    expect(first.body?.errors).toEqual({ age: "Please choose your child's age." });
    // the photo is stored last, once nothing else can refuse the book: a refused submit keeps none
    expect(engine.saved).toHaveLength(0);
    expect(first.body?.values.childImage).toBe("");

    await post(form({ ...GOOD, childImage: "upload-00000001", photoName: "zoe.png" }), context(engine));
    expect(engine.created[0].input.childImage).toBe("upload-00000001");
    expect(engine.saved).toHaveLength(0);

    await post(form({ ...GOOD, childImage: "upload-00000001", childImageCropped: "upload-00000009", removePhoto: "1" }), context(engine));
    expect(engine.created[1].input.childImage).toBeUndefined();
    expect(engine.created[1].input.childImageCropped).toBeUndefined();
  });

  it("refuses a new photo without the parent's consent tick, beside the field, storing nothing", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk6b", created: true }));
    const res = await post(form(GOOD, { photo: new File([PNG], "zoe.png", { type: "image/png" }) }), context(engine));
    expect(res.status).toBe(400);
    expect(res.body?.errors.photo).toBe(PHOTO_ERRORS.consent);
    expect(engine.saved).toHaveLength(0);
    expect(engine.created).toHaveLength(0);
  });

  it("ignores a kept upload id that is not one of ours", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk7", created: true }));
    await post(form({ ...GOOD, childImage: "../../other/book.png" }), context(engine));
    expect(engine.created[0].input.childImage).toBeUndefined();
  });

  it("puts the name into prefilled words drawn before it was typed (a form posted without JavaScript)", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk8", created: true }));
    const space = BUILT_IN_THEMES.find((t) => t.theme === "Space")!;
    const drawn = space.description.replace("[ChildName]", "Your child");
    await post(form({ ...GOOD, storyDescription: drawn }), context(engine));
    expect(engine.created[0].input.storyDescription).toBe(space.description.replace("[ChildName]", "Zoe"));
  });

  it("answers 400 with the field errors and the values as typed, and asks the engine nothing", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk9", created: true }));
    const res = await post(form({ ...GOOD, childName: "Zoe 2", moralLesson: "Be kind." }), context(engine));
    expect(res.status).toBe(400);
    expect(res.body?.errors).toEqual({ childName: "A name can hold letters, spaces, apostrophes and hyphens." });
    expect(res.body?.values).toMatchObject({ childName: "Zoe 2", moralLesson: "Be kind.", themeChoice: "Space" });
    expect(engine.created).toHaveLength(0);
  });

  it("shows the engine's field errors beside this form's controls", async () => {
    const engine = fakeEngine(() => ({ ok: false, status: 400, fieldErrors: { theme: "That theme is not available.", childName: "Too long." } }));
    const res = await post(form(GOOD), context(engine));
    expect(res.status).toBe(400);
    expect(res.body?.errors).toEqual({ themeChoice: "That theme is not available.", childName: "Too long." });
  });

  it("tells a visitor out of credits about the free account, with a link to sign up (402)", async () => {
    const lead = creditsLead(false, 2);
    const engine = fakeEngine(() => ({ ok: false, status: 402, message: "You have 0 available. Create a free account to get 2 more free books.", lead }));
    const res = await post(form(GOOD), context(engine));
    expect(res.status).toBe(402);
    expect(res.body?.notice).toEqual({
      kind: "credits",
      message: "You have 0 available. Create a free account to get 2 more free books.",
      link: { url: "/auth/signup?redirectTo=/createstory", label: "Create a free account" },
    });
    expect(res.body?.values.childName).toBe("Zoe");
  });

  it("tells a signed-in parent out of credits about the credit packs (402)", async () => {
    const engine = fakeEngine(() => ({ ok: false, status: 402, message: "Choose a credit pack to keep making stories.", lead: creditsLead(true, 2) }));
    const res = await post(form(GOOD), context(engine));
    expect(res.body?.notice).toEqual({
      kind: "credits",
      message: "Choose a credit pack to keep making stories.",
      link: { url: "/pricing", label: "See credit packs and prices" },
    });
  });

  it("passes the client's address key down, for the visitor welcome limit", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "BkIp", created: true }));
    const request = new Request("https://example.com/createstory", { method: "POST", body: form(GOOD), headers: { "CF-Connecting-IP": "203.0.113.9" } });
    await storyFormAction({ request, context: context(engine), params: {} }, "theme");
    expect(engine.created[0].client).toBe("ip:203.0.113.9");
  });

  it("puts a moderation refusal (422) beside the field it is about", async () => {
    const engine = fakeEngine(() => ({ ok: false, status: 422, field: "moralLesson", message: "Let's keep the lesson gentle for young readers." }));
    const res = await post(form({ ...GOOD, moralLesson: "something unkind" }), context(engine));
    expect(res.status).toBe(422);
    expect(res.body?.errors).toEqual({ moralLesson: "Let's keep the lesson gentle for young readers." });
    expect(res.body?.notice).toBeNull();
  });

  it("sends the custom page's plot and length, with the typed theme", async () => {
    const engine = fakeEngine(() => ({ ok: true, bookId: "Bk10", created: true }));
    const plot = "Leo's toy dinosaur Rex comes to life and helps him make a friend at school.";
    const res = await post(form({ ...GOOD, themeChoice: "", themeOther: "Dinosaurs", plotOutline: plot, length: "long" }), context(engine), "custom");
    expect(res.status).toBe(302);
    expect(engine.created[0].input).toMatchObject({ theme: "Dinosaurs", plotOutline: plot, length: "long", moralLesson: "" });
  });

  it("answers 400 to a body that is not a form", async () => {
    const request = new Request("https://example.com/createstory", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    const result = (await storyFormAction(
      { request, context: context(fakeEngine(() => ({ ok: true, bookId: "x", created: true }))), params: {} },
      "theme",
    )) as unknown as { data: StoryFormActionData; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(result.data.notice).toEqual({ kind: "error", message: MESSAGES.unreadable });
  });
});

describe("the loader", () => {
  it("chooses and fills in ?theme=, with a fresh key for every drawn form", async () => {
    const args = (url: string) => ({ request: new Request(url), context: context(fakeEngine(() => ({ ok: true, bookId: "x", created: true }))), params: {} });
    const a = await storyFormLoader(args("https://example.com/createstory?theme=OCEAN"), "theme");
    expect(a.values.themeChoice).toBe("Ocean");
    expect(a.values.artStyle).toBe("watercolor");
    expect(a.themes).toHaveLength(5);
    expect(a.price).toBe(1);
    expect(a.balance).toBe(3);
    expect(a.lead).toMatchObject({ kind: "signup", url: "/auth/signup?redirectTo=/createstory" });
    const b = await storyFormLoader(args("https://example.com/createstory?theme=ocean"), "theme");
    expect(b.idempotencyKey).not.toBe(a.idempotencyKey);
    expect(b.idempotencyKey).toMatch(/^[A-Za-z0-9-]{8,100}$/);
  });

  it("shows what the visitor can spend, never below zero", async () => {
    const ctx = context(fakeEngine(() => ({ ok: true, bookId: "x", created: true }), { available: -1 }));
    const d = await storyFormLoader({ request: new Request("https://example.com/customstory"), context: ctx, params: {} }, "custom");
    expect(d.balance).toBe(0);
    expect(d.themes).toEqual([]);
    expect(d.values.artStyle).toBe("storybook");
  });
});
