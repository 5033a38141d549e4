import { newChildId, randomId } from "~/domain/ids";
import {
  ageOn,
  ageText,
  bookAge,
  CHILD_LIMITS,
  CHILDREN_FULL,
  dayOf,
  relationLabel,
  type ChildChoice,
  type ChildLook,
  type ChosenChild,
  type Companion,
} from "~/domain/children/child";
import { companionsSchema, lookSchema, type ChildForm } from "~/domain/children/child-schema";
import type { Db } from "../db/client.server";
import type { Owner } from "../db/owner.server";
import { bookOfChild, childOfBook, deleteChild, findChild, insertChildWithin, listChildren, updateChild, type ChildRow } from "../db/saved-children.server";
import type { Moderator } from "../moderation/types";
import { uploadKey, type UploadService } from "./uploads.server";

/**
 * A parent's saved children (decision 054): kept once, every new book can start from them, so the
 * hero is the same child in every book. Private to the parent's profile: another parent's child is
 * not found, like one that does not exist. The photo and its square live in the profile's upload
 * folder (deleted with the child, or with the account); a book made from the child gets copies.
 */
export interface SavedChild {
  id: string;
  name: string;
  /** YYYY-MM-DD */
  birthday: string;
  gender: ChildForm["gender"];
  photoKey: string | null;
  photoSquareKey: string | null;
  look: ChildLook;
  likes: string;
  companions: Companion[];
  updatedAt: string;
}

/** A photo stored for the child by the page (its upload ids: the photo, then the square), with the colours the browser read from it. */
export interface NewPhoto {
  ids: string[];
  colours: ChildLook;
}

export type SaveResult =
  | { ok: true; id: string }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 409; message: string }
  | { ok: false; status: 422; field: string; message: string };

export const CHILD_MESSAGES = {
  notFound: "That child is not among your saved children.",
  full: CHILDREN_FULL,
} as const;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function toSavedChild(row: ChildRow): SavedChild {
  const look = lookSchema.safeParse(parseJson(row.look));
  const companions = companionsSchema.safeParse(parseJson(row.companions));
  return {
    id: row.id,
    name: row.name,
    birthday: row.birthday,
    gender: row.gender,
    photoKey: row.photoKey,
    photoSquareKey: row.photoSquareKey,
    look: look.success ? look.data : {},
    likes: row.likes,
    companions: companions.success ? companions.data : [],
    updatedAt: row.updatedAt,
  };
}

/** The companions as stored: each keeps its id (a new one, or a repeated one, gets its own), so a book can name which came along. */
function withIds(companions: ChildForm["companions"]): Companion[] {
  const seen = new Set<string>();
  return companions.map((c) => {
    const id = c.id && !seen.has(c.id) ? c.id : randomId(8);
    seen.add(id);
    return { ...c, id };
  });
}

export function createChildService({
  db,
  images,
  uploads,
  moderator,
  now,
}: {
  db: Db;
  images: R2Bucket;
  uploads: Pick<UploadService, "discard" | "copy">;
  moderator: Moderator;
  /** the clock of "today" (a child's age is worked out on the day) */
  now: () => Promise<number>;
}) {
  const owner = (profileId: string): Owner => ({ kind: "profile", userProfileId: profileId });
  const today = async () => dayOf(await now());

  /** The free text a child brings to every book is checked once, when it is saved. */
  async function moderate(form: ChildForm) {
    const texts: Record<string, string> = { name: form.name, likes: form.likes };
    form.companions.forEach((c, i) => (texts[`companions.${i}.name`] = c.name));
    return moderator.check(texts);
  }

  const service = {
    today,

    async list(profileId: string): Promise<SavedChild[]> {
      return (await listChildren(db, profileId)).map(toSavedChild);
    },

    async get(profileId: string, childId: string): Promise<SavedChild | null> {
      const row = await findChild(db, profileId, childId);
      return row ? toSavedChild(row) : null;
    },

    /** The child's photo (its square when there is one), for the parent's own pages. */
    async photo(profileId: string, childId: string): Promise<R2ObjectBody | null> {
      const row = await findChild(db, profileId, childId);
      const key = row?.photoSquareKey ?? row?.photoKey;
      return key ? images.get(key) : null;
    },

    /**
     * Saves a new child (`childId` null) or changes one. A new photo replaces the kept one (and its
     * colours the look's); `removePhoto` drops it. The limit of 10 is one conditional insert, so
     * parallel saves cannot pass it together. A photo stored for a save that is refused is deleted.
     */
    async save(profileId: string, childId: string | null, form: ChildForm, change: { photo: NewPhoto | null; removePhoto: boolean }): Promise<SaveResult> {
      const verdict = await moderate(form);
      if (!verdict.ok) return { ok: false, status: 422, field: verdict.field, message: verdict.message };
      const folder = (id: string) => uploadKey(profileId, id);
      const photo = change.photo ? { photoKey: folder(change.photo.ids[0]), photoSquareKey: change.photo.ids[1] ? folder(change.photo.ids[1]) : null } : null;
      const refused = async <T>(result: T): Promise<T> => {
        if (change.photo) await uploads.discard(owner(profileId), change.photo.ids);
        return result;
      };
      const values = { name: form.name, birthday: form.birthday, gender: form.gender, likes: form.likes, companions: JSON.stringify(withIds(form.companions)) };

      if (childId === null) {
        const id = newChildId();
        const made = await insertChildWithin(
          db,
          { id, userProfileId: profileId, ...values, ...photo, look: JSON.stringify(change.photo?.colours ?? {}) },
          CHILD_LIMITS.perParent,
        );
        return made ? { ok: true, id } : refused({ ok: false, status: 409, message: CHILD_MESSAGES.full });
      }

      const before = await findChild(db, profileId, childId);
      if (!before) return refused({ ok: false, status: 404, message: CHILD_MESSAGES.notFound });
      const kept = toSavedChild(before);
      // the colours belong to the photo: a new one brings its own, none leaves none
      const colours = change.photo ? change.photo.colours : change.removePhoto ? {} : { hair: kept.look.hair, skin: kept.look.skin, eyes: kept.look.eyes };
      const look = { ...kept.look, hair: colours.hair, skin: colours.skin, eyes: colours.eyes };
      const photoChange = photo ?? (change.removePhoto ? { photoKey: null, photoSquareKey: null } : {});
      const changed = await updateChild(db, profileId, childId, { ...values, ...photoChange, look: JSON.stringify(look) });
      if (!changed) return refused({ ok: false, status: 404, message: CHILD_MESSAGES.notFound });
      if (photo || change.removePhoto) {
        const old = [before.photoKey, before.photoSquareKey].filter((k): k is string => k !== null);
        if (old.length > 0) await images.delete(old);
      }
      return { ok: true, id: childId };
    },

    /** Deletes the child with its photo; the books already made stay (no longer tied to it). */
    async remove(profileId: string, childId: string): Promise<boolean> {
      const row = await findChild(db, profileId, childId);
      if (!row) return false;
      // the photo first: a failure part way leaves a child the parent can see and delete again
      const keys = [row.photoKey, row.photoSquareKey].filter((k): k is string => k !== null);
      if (keys.length > 0) await images.delete(keys);
      return Boolean(await deleteChild(db, profileId, childId));
    },

    /** The saved child a finished book of this parent was made for: the way to "another adventure". */
    async ofBook(profileId: string, bookId: string): Promise<{ id: string; name: string } | null> {
      return (await childOfBook(db, profileId, bookId)) ?? null;
    },

    /**
     * What the story form starts from: the parent's children to choose among and, for the one
     * chosen (`child`), its name, age today, gender and companions, all ticked; with `after` (a
     * book of that child), that book's theme and art style and only the companions it had.
     */
    async startFrom(profileId: string, ask: { child: string | null; after: string | null }) {
      const [children, day] = await Promise.all([service.list(profileId), today()]);
      const choices: ChildChoice[] = children.map((c) => ({ id: c.id, name: c.name, age: ageText(ageOn(c.birthday, day)) }));
      const found = children.find((c) => c.id === ask.child);
      if (!found) return { choices, chosen: null, world: null };
      const last = ask.after ? await bookOfChild(db, profileId, found.id, ask.after) : undefined;
      const lastIds = last ? new Set(companionsSchema.safeParse(parseJson(last.companions ?? "[]")).data?.map((c) => c.id) ?? []) : null;
      const chosen: ChosenChild = {
        id: found.id,
        name: found.name,
        age: bookAge(found.birthday, day),
        gender: found.gender,
        photo: found.photoKey !== null,
        likes: found.likes,
        companions: found.companions.map((c) => ({ id: c.id, name: c.name, label: relationLabel(c.relation, c.animal) })),
        ticked: found.companions.filter((c) => !lastIds || lastIds.has(c.id)).map((c) => c.id),
      };
      return { choices, chosen, world: last ? { theme: last.theme, artStyle: last.artStyle } : null };
    },

    /**
     * What a new book takes from the saved child: copies of its photo for the book (upload ids:
     * the photo, then the square), its look, its likes and the companions ticked on the form.
     */
    async forBook(profileId: string, child: SavedChild, ticked: readonly string[]) {
      const photoIds: string[] = [];
      for (const key of [child.photoKey, child.photoSquareKey]) {
        const id = key ? await uploads.copy(owner(profileId), key) : null;
        if (id) photoIds.push(id);
      }
      return { photoIds, look: child.look, likes: child.likes, companions: child.companions.filter((c) => ticked.includes(c.id)) };
    },
  };
  return service;
}

export type ChildService = ReturnType<typeof createChildService>;
