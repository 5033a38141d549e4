import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ChildActionData, ChildCard, ChildEditorData, ChildValues, CompanionValues } from "~/components/children/page-data";
import { ageOn, ageText, CHILD_LIMITS, earliestBirthday, relationLabel, type ChildLook } from "~/domain/children/child";
import { childFormSchema } from "~/domain/children/child-schema";
import { isChildId } from "~/domain/ids";
import { fieldErrors } from "~/domain/validation";
import { CHILD_MESSAGES, type SavedChild } from "~/services/books/saved-children.server";
import { textOf } from "~/routes/account.server";
import { assertSameOrigin, requireProfile, retryAfterHeaders } from "~/routes/auth.server";
import { keepPhoto, postedPhoto } from "~/routes/photo-post.server";

/**
 * The saved children's pages, server side (decision 054): the list, the editor of a new or a saved
 * child, and its action (save, delete in two steps). Only the parent's own children: any other id
 * is 404, like one that does not exist.
 */

export const childPhotoPath = (child: Pick<SavedChild, "id" | "photoKey" | "photoSquareKey">) => {
  const key = child.photoSquareKey ?? child.photoKey;
  // the key's random part in the address, so a new photo is never answered from the browser's cache
  return key ? `/myaccount/children/${child.id}/photo?v=${key.split("/").pop()}` : null;
};

const notFound = () => new Response("Not found", { status: 404 });

export async function childrenLoader({ request, context }: LoaderFunctionArgs) {
  const account = requireProfile(request, context);
  const { children } = context.services;
  const [list, today] = await Promise.all([children.list(account.userProfileId), children.today()]);
  const cards: ChildCard[] = list.map((c) => ({
    id: c.id,
    name: c.name,
    age: ageText(ageOn(c.birthday, today)),
    photo: childPhotoPath(c),
    companions: c.companions.map((p) => `${p.name} (${relationLabel(p.relation, p.animal).toLowerCase()})`).join(", "),
    likes: c.likes,
  }));
  const deleted = new URL(request.url).searchParams.get("deleted") === "1";
  return { children: cards, limit: CHILD_LIMITS.perParent, deleted };
}

function valuesOf(child: SavedChild): ChildValues {
  return {
    name: child.name,
    birthday: child.birthday,
    gender: child.gender,
    likes: child.likes,
    companions: child.companions.map((c) => ({ id: c.id, name: c.name, relation: c.relation, animal: c.animal ?? "" })),
  };
}

const EMPTY: ChildValues = { name: "", birthday: "", gender: "child", likes: "", companions: [] };

/** The editor's data: a new child (`childId` null), or the parent's own saved child (else 404). */
export async function childEditorLoader({ request, context }: LoaderFunctionArgs, childId: string | null): Promise<ChildEditorData> {
  const account = requireProfile(request, context);
  const { children } = context.services;
  const today = await children.today();
  const base = { earliest: earliestBirthday(today), today, saved: new URL(request.url).searchParams.get("saved") === "1" };
  if (childId === null) {
    const full = (await children.list(account.userProfileId)).length >= CHILD_LIMITS.perParent;
    return { childId: null, values: EMPTY, photo: null, look: {}, version: "new", full, ...base };
  }
  const child = isChildId(childId) ? await children.get(account.userProfileId, childId) : null;
  if (!child) throw notFound();
  return { childId: child.id, values: valuesOf(child), photo: childPhotoPath(child), look: child.look, version: child.updatedAt, full: false, ...base };
}

/** The companion rows as posted, in order (each control repeats once a row). */
function postedCompanions(form: FormData): CompanionValues[] {
  const all = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v.slice(0, 200) : ""));
  const [ids, names, relations, animals] = ["companionId", "companionName", "companionRelation", "companionAnimal"].map(all);
  return names.slice(0, CHILD_LIMITS.companions + 4).map((name, i) => ({ id: ids[i] ?? "", name, relation: relations[i] ?? "", animal: animals[i] ?? "" }));
}

export function readChildValues(form: FormData): ChildValues {
  return {
    name: textOf(form, "name").slice(0, 200),
    birthday: textOf(form, "birthday").slice(0, 40),
    gender: textOf(form, "gender"),
    likes: textOf(form, "likes").slice(0, 2000),
    companions: postedCompanions(form),
  };
}

/** The colours the browser read from a new photo (well-formed ones only). */
function postedColours(form: FormData): ChildLook {
  const hex = (name: string) => (/^#[0-9a-fA-F]{6}$/.test(textOf(form, name)) ? textOf(form, name) : undefined);
  return { hair: hex("photoHair"), skin: hex("photoSkin"), eyes: hex("photoEyes") };
}

/**
 * Checks the child on `today`. A companion row left without a name is no companion (that is how one
 * is removed); an error in a row is filed as `companions.{row}.{field}`, the row as the page shows it.
 */
export function checkChild(values: ChildValues, today: string) {
  const rows = values.companions.map((c, row) => ({ ...c, row })).filter((c) => c.name.trim() !== "");
  const parsed = childFormSchema(today).safeParse({
    ...values,
    companions: rows.map((c) => ({ id: c.id, name: c.name, relation: c.relation, ...(c.relation === "pet" && c.animal ? { animal: c.animal } : {}) })),
  });
  // where each companion of the checked child is on the page
  const rowOf = rows.map((c) => c.row);
  if (parsed.success) return { ok: true as const, form: parsed.data, rowOf };
  const errors = fieldErrors(
    parsed.error.issues.map((i) => {
      const [field, index, part] = i.path.map(String);
      return {
        path: field === "companions" && index !== undefined ? `companions.${rows[Number(index)]?.row ?? index}.${part ?? "name"}` : field,
        message: i.message,
      };
    }),
    (field) => field,
    { depth: 3 },
  );
  return { ok: false as const, errors };
}

const answer = (body: ChildActionData, status = 200, headers?: HeadersInit) => data<ChildActionData>(body, { status, headers });

const MESSAGES = {
  unreadable: "We couldn't read that form. Please try again.",
  unknownIntent: "We didn't understand that request. Please reload the page and try again.",
  tooBig: "That photo is larger than 8 MB. Please choose a smaller one.",
} as const;

/** The editor's largest body: a photo and its square of 8 MB each, and the text around them. */
const MAX_BODY_BYTES = 18 * 1024 * 1024;

/** Saves a new child (`childId` null) or the parent's own; deletes one, after asking. */
export async function childAction({ request, context }: ActionFunctionArgs, childId: string | null) {
  assertSameOrigin(request);
  const account = requireProfile(request, context);
  const profileId = account.userProfileId;
  const { children } = context.services;
  if (childId !== null && !isChildId(childId)) throw notFound();
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return answer({ intent: "save", fieldErrors: { photo: MESSAGES.tooBig } }, 413);
  const form = await request.formData().catch(() => null);
  if (!form) return answer({ intent: "form", formError: MESSAGES.unreadable }, 400);
  const intent = form.get("intent");

  if (childId !== null && (intent === "delete-start" || intent === "delete-confirm")) {
    if (!(await children.get(profileId, childId))) throw notFound();
    if (intent === "delete-start") return answer({ intent, step: "confirm-delete" });
    if (!(await children.remove(profileId, childId))) throw notFound();
    return redirect("/myaccount/children?deleted=1");
  }
  if (intent !== "save") return answer({ intent: "form", formError: MESSAGES.unknownIntent }, 400);

  const values = readChildValues(form);
  const checked = checkChild(values, await children.today());
  const photo = await postedPhoto(form);
  const errors = checked.ok ? {} : { ...checked.errors };
  if (photo?.problem) errors.photo = photo.problem;
  if (!checked.ok || photo?.problem)
    return answer({ intent, fieldErrors: errors, values }, Object.keys(errors).every((k) => k === "photo") ? photo!.status : 400);
  if (childId !== null && !(await children.get(profileId, childId))) throw notFound();

  let kept: string[] | null = null;
  if (photo) {
    const stored = await keepPhoto(request, context, { kind: "profile", userProfileId: profileId }, photo.bytes);
    if (!stored.ok) return answer({ intent, fieldErrors: { photo: stored.message }, values }, stored.status, retryAfterHeaders(stored.retryAfterS));
    kept = stored.ids;
  }
  const result = await children.save(profileId, childId, checked.form, {
    photo: kept ? { ids: kept, colours: postedColours(form) } : null,
    removePhoto: form.get("removePhoto") === "1",
  });
  if (result.ok) return redirect(`/myaccount/children/${result.id}?saved=1`);
  if (result.status === 404) throw notFound();
  if (result.status === 409) return answer({ intent, formError: CHILD_MESSAGES.full, values }, 409);
  // moderation: the message beside the field it is about
  const [first, index] = result.field.split(".");
  const field = first === "companions" ? `companions.${checked.rowOf[Number(index)]}.name` : first === "likes" ? "likes" : "name";
  return answer({ intent, fieldErrors: { [field]: result.message }, values }, 422);
}
