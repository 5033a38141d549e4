import { env, introspectWorkflowInstance } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { dayOf } from "~/domain/children/child";
import { createChildService } from "~/services/books/saved-children.server";
import { createUploadService, sweepUnusedUploads, UNUSED_UPLOAD_MS } from "~/services/books/uploads.server";
import { addLedgerEntry } from "~/services/db/credits.server";
import { createOfflineModerator } from "~/services/moderation/offline";
import { callAs, count, makeAccount, pageText, type TestAccount } from "./account-helpers";
import { scalar } from "./claim-helpers";
import { db, uid } from "./db-helpers";
import { GPS_JPEG_BASE64 } from "./photo-fixtures";

// A parent's saved children (decision 054): saved, changed and deleted through their pages, private
// to the parent, at most 10, and the start of every new book, which carries the child's companions
// and draws the same child every time.

vi.setConfig({ testTimeout: 60_000 });
const GPS_JPEG = Uint8Array.from(atob(GPS_JPEG_BASE64), (c) => c.charCodeAt(0));
const photoFile = () => new File([GPS_JPEG.slice().buffer as ArrayBuffer], "maya.jpg", { type: "image/jpeg" });

interface Companion {
  id?: string;
  name: string;
  relation: string;
  animal?: string;
}

/** The editor's form as a browser posts it. */
function childForm(fields: Record<string, string> = {}, companions: Companion[] = [], photo = false): FormData {
  const form = new FormData();
  const base = { intent: "save", name: "Maya", birthday: "2019-06-01", gender: "girl", likes: "dinosaurs, football" };
  for (const [k, v] of Object.entries({ ...base, ...fields })) form.set(k, v);
  for (const c of companions) {
    form.append("companionId", c.id ?? "");
    form.append("companionName", c.name);
    form.append("companionRelation", c.relation);
    form.append("companionAnimal", c.animal ?? "");
  }
  if (photo) {
    form.set("photo", photoFile());
    form.set("photoConsent", "yes");
    form.set("photoHair", "#3b2619");
    form.set("photoSkin", "#c08a5f");
    form.set("photoEyes", "#5e3a1e");
  }
  return form;
}

const FAMILY: Companion[] = [
  { name: "Rosie", relation: "baby sister" },
  { name: "Biscuit", relation: "pet", animal: "dog" },
  { name: "Grandma Rose", relation: "grandma" },
];

/** Saves a child through the page: its id. */
async function saveChild(parent: TestAccount, form = childForm({}, FAMILY, true)): Promise<string> {
  const res = await parent.post("/myaccount/children/new", form);
  expect(res.status, await res.clone().text()).toBe(302);
  const match = /^\/myaccount\/children\/([A-Za-z0-9]{24})\?saved=1$/.exec(res.headers.get("Location") ?? "");
  expect(match).not.toBeNull();
  return match![1];
}

const childRow = (id: string) =>
  env.DB.prepare("select * from saved_children where id = ?").bind(id).first<{
    name: string;
    birthday: string;
    likes: string;
    companions: string;
    look: string;
    photo_key: string | null;
    photo_square_key: string | null;
  }>();

async function withCredits(parent: TestAccount, credits = 5) {
  await addLedgerEntry(db, { owner: { kind: "profile", userProfileId: parent.profileId }, delta: credits, reason: "bonus", idempotencyKey: uid("bonus") });
}

/** The story form as posted for a saved child, with the companions ticked. */
function storyForm(childId: string, ticked: string[], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const base = { savedChild: childId, childName: "Maya", age: "7", gender: "girl", themeChoice: "Space", artStyle: "cartoon", idempotencyKey: uid("key-") };
  for (const [k, v] of Object.entries({ ...base, ...fields })) form.set(k, v);
  for (const id of ticked) form.append("companion", id);
  return form;
}

const bookIdOf = (res: Response) => (res.headers.get("Location") ?? "").split("/").pop()!;

/** Whether the page's control `name` with `value` is ticked (or chosen). */
function ticked(html: string, name: string, value: string): boolean {
  const tag = [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`name="${name}"`) && t.includes(`value="${value}"`));
  expect(tag, `${name}=${value} on the page`).toBeDefined();
  return / checked(="")?[ />]/.test(tag!);
}

describe("the children pages", () => {
  it("save a child with a cleaned photo, its look and companions, show them, change them and keep the old photo out of R2", async () => {
    const parent = await makeAccount();
    const id = await saveChild(parent);
    const row = (await childRow(id))!;
    expect(row).toMatchObject({ name: "Maya", birthday: "2019-06-01", likes: "dinosaurs, football" });
    expect(JSON.parse(row.look)).toEqual({ hair: "#3b2619", skin: "#c08a5f", eyes: "#5e3a1e" });
    const companions = JSON.parse(row.companions) as Companion[];
    expect(companions.map(({ name, relation, animal }) => ({ name, relation, animal }))).toEqual([
      { name: "Rosie", relation: "baby sister", animal: undefined },
      { name: "Biscuit", relation: "pet", animal: "dog" },
      { name: "Grandma Rose", relation: "grandma", animal: undefined },
    ]);
    expect(row.photo_key).toMatch(new RegExp(`^uploads/${parent.profileId}/`));
    const stored = new TextDecoder("latin1").decode(await (await env.BOOK_IMAGES.get(row.photo_key!))!.arrayBuffer());
    expect(stored).not.toContain("Elm Street");

    const list = await pageText(await parent.call("/myaccount/children"));
    expect(list).toContain("Maya");
    expect(list).toContain("years old");
    expect(list).toContain("Rosie (baby sister), Biscuit (pet dog), Grandma Rose (grandma)");
    const photo = await parent.call(`/myaccount/children/${id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Cache-Control")).toBe("private, no-cache");
    await photo.arrayBuffer();

    // Rosie's name cleared takes her out; a new photo replaces the old one
    const edited = childForm(
      { name: "Maya Rose", likes: "rockets" },
      [{ ...companions[0], name: "" }, companions[1], companions[2], { name: "Sam", relation: "friend" }],
      true,
    );
    const saved = await parent.post(`/myaccount/children/${id}`, edited);
    expect(saved.status).toBe(302);
    const after = (await childRow(id))!;
    expect(after).toMatchObject({ name: "Maya Rose", likes: "rockets" });
    const kept = JSON.parse(after.companions) as Companion[];
    expect(kept.map((c) => c.name)).toEqual(["Biscuit", "Grandma Rose", "Sam"]);
    // a companion keeps its id across saves (a book names which came along)
    expect(kept[0].id).toBe(companions[1].id);
    expect(after.photo_key).not.toBe(row.photo_key);
    expect(await env.BOOK_IMAGES.head(row.photo_key!)).toBeNull();

    const removed = await parent.post(`/myaccount/children/${id}`, childForm({ name: "Maya Rose", removePhoto: "1" }));
    expect(removed.status).toBe(302);
    const bare = (await childRow(id))!;
    expect(bare.photo_key).toBeNull();
    expect(JSON.parse(bare.look)).toEqual({});
    expect(await env.BOOK_IMAGES.head(after.photo_key!)).toBeNull();
  });

  it("answer what needs fixing beside each field, saving nothing", async () => {
    const parent = await makeAccount();
    const future = dayOf(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const tooOld = dayOf(Date.now() - 14 * 366 * 24 * 60 * 60 * 1000);
    const cases: [FormData, string, string][] = [
      [childForm({ name: "" }), "name", "Please tell us the child's first name."],
      [childForm({ name: "M".repeat(41) }), "name", "Please keep the name to 40 characters or fewer."],
      [childForm({ birthday: future }), "birthday", "A birthday can't be in the future."],
      [childForm({ birthday: tooOld }), "birthday", "A saved child is 12 or younger: born within the last 13 years."],
      [childForm({ birthday: "2019-02-30" }), "birthday", "Please give the birthday as a date, for example 2019-06-01."],
      [childForm({ likes: "x".repeat(201) }), "likes", "Please keep the likes to 200 characters or fewer."],
      [childForm({}, [{ name: "N".repeat(41), relation: "friend" }]), "companions.0.name", "Please keep the name to 40 characters or fewer."],
      [childForm({}, [{ name: "Biscuit", relation: "pet" }]), "companions.0.animal", "Please choose which animal."],
      [childForm({}, [{ name: "Sam", relation: "" }]), "companions.0.relation", "Please choose who they are."],
      [
        childForm(
          {},
          Array.from({ length: 9 }, (_, i) => ({ name: `Friend ${"abcdefghi"[i]}`, relation: "friend" })),
        ),
        "companions",
        "Up to 8 family members, friends and pets.",
      ],
    ];
    for (const [form, field, message] of cases) {
      const res = await parent.post("/myaccount/children/new", form);
      expect(res.status, field).toBe(400);
      const html = await pageText(res);
      expect(html, field).toContain(message);
      if (field !== "companions") expect(html, field).toMatch(/aria-invalid="true"/);
    }
    // a photo without the parent's tick
    const noTick = childForm({}, [], true);
    noTick.delete("photoConsent");
    const refused = await parent.post("/myaccount/children/new", noTick);
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Please tick the box to confirm you are this child's parent or guardian");
    expect(await count("saved_children where user_profile_id = ?", parent.profileId)).toBe(0);
    expect((await env.BOOK_IMAGES.list({ prefix: `uploads/${parent.profileId}/` })).objects).toEqual([]);
  });

  it("keep another parent's child out of reach: 404, exactly like one that does not exist", async () => {
    const parent = await makeAccount();
    const other = await makeAccount();
    const id = await saveChild(parent);
    const missing = "A".repeat(24);
    for (const childId of [id, missing]) {
      expect((await other.call(`/myaccount/children/${childId}`)).status).toBe(404);
      expect((await other.post(`/myaccount/children/${childId}`, childForm({ name: "Stolen" }))).status).toBe(404);
      expect((await other.post(`/myaccount/children/${childId}`, { intent: "delete-confirm" })).status).toBe(404);
      expect((await other.call(`/myaccount/children/${childId}/photo`)).status).toBe(404);
    }
    expect((await childRow(id))!.name).toBe("Maya");
    const list = await pageText(await other.call("/myaccount/children"));
    expect(list).not.toContain(id);
    // nor can the story form start from it
    await withCredits(other);
    const form = await other.post("/createstory", storyForm(id, []));
    expect(form.status).toBe(404);
    expect(await pageText(form)).toContain("That child is not among your saved children any more.");
    expect(await count("storybooks where user_profile_id = ?", other.profileId)).toBe(0);
    // a visitor is sent to sign in
    const visitor = await callAs(null)("/myaccount/children");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fmyaccount%2Fchildren");
  });

  it("take at most 10 children per parent, even 12 saved at once", async () => {
    const parent = await makeAccount();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => parent.post("/myaccount/children/new", childForm({ name: `Child ${"abcdefghijkl"[i]}` }))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    expect(await pageText(answers.find((r) => r.status === 409)!)).toContain("You have saved 10 children, the most there can be.");
    expect(await count("saved_children where user_profile_id = ?", parent.profileId)).toBe(10);
    // the page to save another says so, with nothing to fill in
    const more = await pageText(await parent.call("/myaccount/children/new"));
    expect(more).toContain("You have saved 10 children, the most there can be.");
    expect(more).not.toContain('name="intent" value="save"');
  });
});

describe("a saved child's age", () => {
  it("is worked out from the birthday on the day: born 2019-06-01, 7 on 2026-12-02", async () => {
    const parent = await makeAccount();
    const id = await saveChild(parent, childForm());
    const service = (day: string) =>
      createChildService({
        db,
        images: env.BOOK_IMAGES,
        uploads: createUploadService({ db, images: env.BOOK_IMAGES }),
        moderator: createOfflineModerator(),
        now: async () => Date.parse(`${day}T12:00:00Z`),
      });
    for (const [day, age, text] of [
      ["2026-12-02", 7, "7 years old"],
      ["2026-05-31", 6, "6 years old"],
      ["2026-06-01", 7, "7 years old"],
    ] as const) {
      const start = await service(day).startFrom(parent.profileId, { child: id, after: null });
      expect(start.chosen?.age, day).toBe(age);
      expect(start.choices, day).toEqual([{ id, name: "Maya", age: text }]);
    }
  });

  it("fills the story form: a child born seven years ago today is 7, one born tomorrow seven years ago is 6", async () => {
    const parent = await makeAccount();
    const today = new Date();
    const sevenYearsAgo = (days: number) => dayOf(Date.UTC(today.getUTCFullYear() - 7, today.getUTCMonth(), today.getUTCDate() + days));
    const seven = await saveChild(parent, childForm({ name: "Ada", birthday: sevenYearsAgo(0) }));
    const six = await saveChild(parent, childForm({ name: "Ben", gender: "boy", birthday: sevenYearsAgo(1) }));
    for (const [id, name, age, gender] of [
      [seven, "Ada", "7", "girl"],
      [six, "Ben", "6", "boy"],
    ]) {
      const html = await pageText(await parent.call(`/createstory?child=${id}`));
      expect(html).toContain("Who is this book for?");
      expect(html).toContain(`name="savedChild" value="${id}"`);
      expect(html).toMatch(new RegExp(`name="childName"[^>]*value="${name}"`));
      expect(ticked(html, "age", age)).toBe(true);
      expect(ticked(html, "gender", gender)).toBe(true);
    }
  });
});

describe("a book made from a saved child", () => {
  it("records the child, carries its ticked companions and likes in the brief, and draws the same child in every book", { timeout: 240_000 }, async () => {
    const parent = await makeAccount();
    await withCredits(parent);
    const id = await saveChild(parent);
    const companions = JSON.parse((await childRow(id))!.companions) as Required<Companion>[];
    const [rosie, biscuit] = companions;

    const first = await parent.post("/createstory", storyForm(id, [rosie.id, biscuit.id]));
    expect(first.status).toBe(302);
    const second = await parent.post("/createstory", storyForm(id, [], { themeChoice: "Ocean", artStyle: "watercolor" }));
    expect(second.status).toBe(302);
    const books = [bookIdOf(first), bookIdOf(second)];
    for (const bookId of books) {
      await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
      await instance.waitForStatus("complete");
    }
    const rows = await Promise.all(
      books.map((bookId) =>
        env.DB.prepare("select child_id, child_image_key, photo_palette, story_prompt, story_content from storybooks where book_id = ?")
          .bind(bookId)
          .first<{ child_id: string; child_image_key: string; photo_palette: string; story_prompt: string; story_content: string }>(),
      ),
    );
    const saved = (await childRow(id))!;
    for (const row of rows) {
      expect(row!.child_id).toBe(id);
      // the book's photo is a copy of the child's, kept with the book
      expect(row!.child_image_key).toMatch(new RegExp(`^uploads/${parent.profileId}/`));
      expect([saved.photo_key, saved.photo_square_key]).not.toContain(row!.child_image_key);
      expect(JSON.parse(row!.photo_palette)).toEqual({ hair: "#3b2619", skin: "#c08a5f", eyes: "#5e3a1e" });
    }
    const briefs = rows.map((r) => (JSON.parse(r!.story_prompt) as { brief: Record<string, unknown> }).brief);
    expect(briefs[0]).toMatchObject({
      childId: id,
      likes: ["dinosaurs", "football"],
      companions: [
        { name: "Rosie", relation: "baby sister" },
        { name: "Biscuit", relation: "pet dog" },
      ],
    });
    expect(briefs[1].companions).toBeUndefined();
    const sheets = rows.map((r) => (JSON.parse(r!.story_content) as { characterSheet: unknown }).characterSheet);
    expect(sheets[1]).toEqual(sheets[0]);

    // "Another adventure": the form starts from the child with the first book's companions, theme and art style
    const again = await pageText(await parent.call(`/createstory?child=${id}&after=${books[0]}&same=1`));
    expect(companions.map((c) => ticked(again, "companion", c.id))).toEqual([true, true, false]);
    expect(ticked(again, "themeChoice", "Space")).toBe(true);
    expect(ticked(again, "artStyle", "cartoon")).toBe(true);
    // without "Keep the same friends and world": every companion, and no theme chosen yet
    const fresh = await pageText(await parent.call(`/createstory?child=${id}&after=${books[1]}`));
    expect(companions.map((c) => ticked(fresh, "companion", c.id))).toEqual([true, true, true]);
    expect(ticked(fresh, "themeChoice", "Space")).toBe(false);
    const reader = await pageText(await parent.call(`/youraistory/${books[0]}`));
    expect(reader).toContain("Another adventure with Maya");
    expect(reader).toContain("Keep the same friends and world");
  });
});

describe("deleting", () => {
  it("a child deletes its photo after asking; the books made for it stay, no longer tied to it", async () => {
    const parent = await makeAccount();
    await withCredits(parent);
    const id = await saveChild(parent);
    const { photo_key: photo } = (await childRow(id))!;
    const made = await parent.post("/createstory", storyForm(id, []));
    const bookId = bookIdOf(made);
    await using instance = await introspectWorkflowInstance(env.STORY_WORKFLOW, bookId);
    await instance.waitForStatus("complete");

    const ask = await parent.post(`/myaccount/children/${id}`, { intent: "delete-start" });
    expect(ask.status).toBe(200);
    expect(await pageText(ask)).toContain("Delete Maya for good? This can't be undone.");
    expect(await count("saved_children where id = ?", id)).toBe(1);

    const done = await parent.post(`/myaccount/children/${id}`, { intent: "delete-confirm" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/myaccount/children?deleted=1");
    expect(await count("saved_children where id = ?", id)).toBe(0);
    expect(await env.BOOK_IMAGES.head(photo!)).toBeNull();
    expect(await scalar<string | null>("select child_id from storybooks where book_id = ?", bookId)).toBeNull();
    const bookPhoto = await scalar<string>("select child_image_key from storybooks where book_id = ?", bookId);
    expect(await env.BOOK_IMAGES.head(bookPhoto)).not.toBeNull();
    expect((await parent.call(`/youraistory/${bookId}`)).status).toBe(200);
  });

  it("the account deletes every saved child and their photos", async () => {
    const parent = await makeAccount();
    const ids = [await saveChild(parent), await saveChild(parent, childForm({ name: "Leo", gender: "boy" }, [], true))];
    const photos = await Promise.all(ids.map(async (id) => (await childRow(id))!.photo_key!));
    expect((await parent.post("/myaccount", { intent: "delete-confirm", confirm: "DELETE" })).status).toBe(302);
    expect(await count("saved_children where user_profile_id = ?", parent.profileId)).toBe(0);
    for (const key of photos) expect(await env.BOOK_IMAGES.head(key)).toBeNull();
  });

  it("a saved child's photo is never swept as unused", async () => {
    const parent = await makeAccount();
    const id = await saveChild(parent);
    const { photo_key: photo } = (await childRow(id))!;
    await sweepUnusedUploads({ db, images: env.BOOK_IMAGES, kv: env.CACHE }, Date.now() + UNUSED_UPLOAD_MS + 60_000, 20);
    expect(await env.BOOK_IMAGES.head(photo!)).not.toBeNull();
  });
});
