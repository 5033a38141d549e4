import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DEFAULT_ART_STYLE } from "~/domain/story/art-styles-ui";
import { uploadIdSchema } from "~/domain/story/form";
import { resolveSite } from "~/domain/story/links";
import { maskEmail, readNotifyEmail } from "~/domain/story/notify-email";
import { outOfCreditsMessage } from "~/domain/story/credits";
import { PHOTO_ERRORS } from "~/domain/story/photo";
import { ninoValues, readNinoHandoff } from "~/components/story-form/nino-prefill";
import type { Notice, NotifyChoice, StoryFormActionData, StoryFormLoaderData } from "~/components/story-form/page-data";
import { childStart, initialValues, refillForName, templateForChoice } from "~/components/story-form/prefill";
import { errorKeyFor, toStoryInput, validateForm } from "~/components/story-form/validate";
import { EMPTY_VALUES, readFormValues, type ErrorKey, type FormErrors, type FormMode, type FormValues } from "~/components/story-form/values";
import { clientKey } from "~/services/auth/identity.server";
import { recordActivity } from "~/services/analytics/record.server";
import type { SavedChild } from "~/services/books/saved-children.server";
import { keepPhoto, postedPhoto, type PostedPhoto } from "~/routes/photo-post.server";

/**
 * The creation pages' server side, shared by /createstory and /customstory (and their /* twins): the
 * loader draws the form (a `?theme=` chooses and fills in a theme), the action takes the plain
 * multipart POST the form makes with or without JavaScript, keeps the photos, asks the book engine
 * for a book and sends the parent to it. What they answer is the page's own data
 * (app/components/story-form/page-data.ts).
 */

export const MESSAGES = {
  unreadable: "We couldn't read that form. Please check the details and press Create again.",
  childGone: "That child is not among your saved children any more. Please choose again, or someone new.",
} as const;

/** An idempotency key we accept from the form: a UUID-like token. */
const KEY_PATTERN = /^[A-Za-z0-9-]{8,100}$/;

/** The form's largest body: two photos of 8 MB and the text around them. */
const MAX_BODY_BYTES = 18 * 1024 * 1024;

export async function storyFormLoader({ request, context }: LoaderFunctionArgs, mode: FormMode): Promise<StoryFormLoaderData> {
  const url = new URL(request.url);
  const themes = mode === "theme" ? (await context.services.themes.list()).themes : [];
  const base = { ...EMPTY_VALUES, artStyle: DEFAULT_ART_STYLE };
  // A link from Nino carries the story the child made up with him (the chat panel's hand-off to /createstory).
  const fromNino = mode === "theme" ? readNinoHandoff(url.searchParams) : null;
  if (fromNino) void recordActivity(context, request, "nino_story_handoff");
  const drafted = url.searchParams.get("resume") === "1" ? await keptForm(context, mode) : null;
  let values =
    drafted ?? (mode !== "theme" ? base : fromNino ? ninoValues(base, themes, fromNino) : initialValues(base, themes, url.searchParams.get("theme")));
  // A signed-in parent starts from a saved child (`?child=`; another adventure adds `&after={book}&same=1`).
  const fromChild =
    context.owner.kind === "profile" && !fromNino && !drafted
      ? await context.services.children.startFrom(context.owner.userProfileId, {
          child: url.searchParams.get("child"),
          after: url.searchParams.get("same") === "1" ? url.searchParams.get("after") : null,
        })
      : null;
  if (fromChild?.chosen) values = childStart(values, themes, fromChild.chosen, fromChild.world, mode);
  // What Create will find: a new visitor's free credit counts if its address can still have one
  // today (it is granted only when a book is made); books still being made hold theirs.
  const balance = await context.services.books
    .available(context.owner, { client: clientKey(request, context.identity.visitorId) })
    .then((c) => Math.max(0, c.available))
    .catch((error: unknown) => {
      context.log.warn("credit balance not read", { error });
      return null;
    });
  const lead = context.services.books.lead(context.owner);
  const bookPrice = await context.services.pricing
    .bookPrice(context.market.market)
    .then((p) => p?.formatted ?? null)
    .catch((error: unknown) => {
      context.log.warn("book price not read", { error });
      return null;
    });
  return {
    mode,
    themes,
    values,
    fromNino: fromNino !== null,
    idempotencyKey: crypto.randomUUID(),
    price: context.services.books.price,
    bookPrice,
    balance,
    lead,
    notify: await notifyChoice(context),
    savedChildren: fromChild && fromChild.choices.length > 0 ? { choices: fromChild.choices, chosen: fromChild.chosen } : null,
  };
}

/** Where a visitor out of credits signs up: back to this form afterwards, with what they filled in. */
export const signUpKeepingForm = (mode: FormMode) =>
  `/auth/signup?redirectTo=${encodeURIComponent(`/${mode === "theme" ? "createstory" : "customstory"}?resume=1`)}`;

/**
 * The form this browser filled before signing up (?resume=1 after sign-up), or null. A photo id the
 * form did not make is dropped; a signed-in parent's e-mail is the account's.
 */
async function keptForm(context: LoaderFunctionArgs["context"], mode: FormMode): Promise<FormValues | null> {
  const kept = await context.services.drafts.get(context.identity.visitorId, mode).catch((error: unknown) => {
    context.log.warn("kept story form not read", { error });
    return null;
  });
  if (!kept) return null;
  const values = readFormValues(new URLSearchParams(kept));
  for (const key of ["childImage", "childImageCropped"] as const) if (values[key] && !uploadIdSchema.safeParse(values[key]).success) values[key] = "";
  if (!values.childImage) values.photoName = "";
  return context.owner.kind === "visitor" ? values : { ...values, notifyEmail: "" };
}

/**
 * What the form says about the e-mail when the book is ready: a visitor may leave an address for
 * this book; a signed-in parent's goes to the account's confirmed address (the same lookup the
 * story e-mail makes), so they are only told where.
 */
async function notifyChoice(context: LoaderFunctionArgs["context"]): Promise<NotifyChoice> {
  const { owner } = context;
  if (owner.kind === "visitor") return { kind: "field" };
  const to = await context.services.notifications.recipientOf({ userProfileId: owner.userProfileId, notifyEmail: null }).catch((error: unknown) => {
    context.log.warn("account e-mail address not read", { error });
    return null;
  });
  return { kind: "account", maskedEmail: to ? maskEmail(to.email) : null };
}

/** The page's headers: an answer that asks to wait (429) says how long (Retry-After). */
export const storyFormHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

type Reply = ReturnType<typeof data<StoryFormActionData>>;

function reply(values: FormValues, errors: FormErrors, status: number, notice: Notice | null = null, headers?: HeadersInit, companions?: string[]): Reply {
  return data<StoryFormActionData>({ values, errors, notice, ...(companions ? { companions } : {}) }, { status, headers });
}

/** A photo that could not be stored: why, beside the photo field (nothing of it kept). */
function photoRefused(values: FormValues, refused: { message: string; status: number; retryAfterS?: number }): Reply {
  const headers = refused.retryAfterS ? { "Retry-After": String(refused.retryAfterS) } : undefined;
  return reply(withoutPhoto(values), { photo: refused.message }, refused.status, null, headers);
}

const withoutPhoto = (values: FormValues): FormValues => ({ ...values, childImage: "", childImageCropped: "", photoName: "" });

/**
 * The photo part of a submit, read and checked but not stored: the upload ids the parent removed or
 * replaced (to delete now), the new photo and its square, if any.
 */
async function readPhotos(form: FormData, values: FormValues): Promise<{ values: FormValues; discarded: string[]; photo: PostedPhoto | null }> {
  const discarded = form.getAll("discardPhoto").filter((v): v is string => typeof v === "string" && uploadIdSchema.safeParse(v).success);
  if (form.get("removePhoto") === "1") {
    discarded.push(values.childImage, values.childImageCropped);
    values = withoutPhoto(values);
  }
  const photo = await postedPhoto(form);
  if (!photo) return { values: values.childImage ? values : withoutPhoto(values), discarded, photo: null };
  // A new photo replaces the kept one (deleted), and its crop, if any came with it, replaces the kept crop.
  discarded.push(values.childImage, values.childImageCropped);
  return { values: { ...withoutPhoto(values), photoName: photo.problem ? "" : photo.name }, discarded, photo };
}

/** The parent's own saved child named by the form (never the browser's copy of it), or null. */
async function savedChildOf(context: ActionFunctionArgs["context"], form: FormData): Promise<SavedChild | "gone" | null> {
  const id = form.get("savedChild");
  if (typeof id !== "string" || id === "") return null;
  const child = context.owner.kind === "profile" ? await context.services.children.get(context.owner.userProfileId, id) : null;
  return child ?? "gone";
}

export async function storyFormAction({ request, context }: ActionFunctionArgs, mode: FormMode) {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY_BYTES) return reply(EMPTY_VALUES, { photo: PHOTO_ERRORS.size }, 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return reply(EMPTY_VALUES, {}, 400, { kind: "error", message: MESSAGES.unreadable });
  }
  const { books, uploads } = context.services;
  const owner = context.owner;
  let values = readFormValues(form);
  // Only a visitor without an account leaves an address: a signed-in parent's is the account's.
  if (owner.kind !== "visitor") values = { ...values, notifyEmail: "" };
  const keyField = form.get("idempotencyKey");
  const idempotencyKey = typeof keyField === "string" && KEY_PATTERN.test(keyField) ? keyField : undefined;
  const errors: FormErrors = {};
  let status = 400;

  // Photos. A photo kept by an earlier submit travels as its upload id; one we did not make is dropped.
  for (const key of ["childImage", "childImageCropped"] as const) {
    if (values[key] && !uploadIdSchema.safeParse(values[key]).success) values[key] = "";
  }
  // A saved child brings its own photo and look (the server's, never the browser's copy).
  const savedChild = await savedChildOf(context, form);
  if (savedChild === "gone") return reply(withoutPhoto(values), {}, 404, { kind: "error", message: MESSAGES.childGone });
  const ticked = savedChild ? form.getAll("companion").filter((v): v is string => typeof v === "string") : undefined;
  // every answer from here shows the ticked companions again
  const answer = (v: FormValues, e: FormErrors, st: number, notice: Notice | null = null, headers?: HeadersInit) => reply(v, e, st, notice, headers, ticked);
  const photos = await readPhotos(form, values);
  values = savedChild ? withoutPhoto(photos.values) : photos.values;
  const discarded = photos.discarded.filter(Boolean);
  if (discarded.length > 0) await uploads.discard(owner, discarded);
  // A new photo is checked now (the agreement, its size and first bytes) and stored last, once
  // nothing else can refuse the book.
  const photoBytes = savedChild ? null : (photos.photo?.bytes ?? null);
  if (photoBytes && photos.photo?.problem) {
    errors.photo = photos.photo.problem;
    status = photos.photo.status;
  }

  // "Create a free account": the form is kept for this browser (its photo stored, with the agreement
  // it needs) and the parent goes to sign up, coming back to it afterwards.
  if (form.get("intent") === "signup" && owner.kind === "visitor") {
    if (errors.photo) return answer(values, errors, status);
    if (photoBytes) {
      const saved = await keepPhoto(request, context, owner, photoBytes);
      if (!saved.ok) return photoRefused(values, saved);
      values = { ...values, childImage: saved.ids[0], childImageCropped: saved.ids[1] ?? "" };
    }
    await context.services.drafts.save(context.identity.visitorId, mode, values);
    return redirect(signUpKeepingForm(mode));
  }

  // Prefilled words drawn before the name was typed (no JavaScript) get the name now.
  if (mode === "theme") {
    const { themes } = await context.services.themes.list();
    values = refillForName(values, templateForChoice(themes, values.themeChoice));
  }

  const checked = validateForm(values, mode);
  if (!checked.ok) Object.assign(errors, checked.errors);
  if (Object.keys(errors).length > 0) {
    // A photo problem alone keeps its own status (413 for a file too large); anything else is 400.
    const onlyPhoto = Object.keys(errors).every((k) => k === "photo");
    return answer(values, errors, onlyPhoto ? status : 400);
  }
  const notify = readNotifyEmail(values.notifyEmail);
  const client = clientKey(request, context.identity.visitorId);
  const stored: string[] = [];
  if (photoBytes) {
    // Out of credits: answered before the photo is stored (in the book engine's words).
    const credits = await books.available(owner, { client });
    if (credits.available < books.price) {
      const lead = books.lead(owner);
      const message = outOfCreditsMessage(books.price, Math.max(0, credits.available), lead);
      return answer(withoutPhoto(values), {}, 402, { kind: "credits", message, link: { url: lead.url, label: lead.label } });
    }
    const saved = await keepPhoto(request, context, owner, photoBytes);
    if (!saved.ok) return photoRefused(values, saved);
    stored.push(...saved.ids);
    values = { ...values, childImage: saved.ids[0], childImageCropped: saved.ids[1] ?? "" };
  }
  // A saved child's book gets copies of its photo (deleted again below if no book is made).
  const child = savedChild && owner.kind === "profile" ? await context.services.children.forBook(owner.userProfileId, savedChild, ticked ?? []) : null;
  if (child) {
    stored.push(...child.photoIds);
    values = { ...values, childImage: child.photoIds[0] ?? "", childImageCropped: child.photoIds[1] ?? "" };
  }
  const result = await books.create(owner, toStoryInput(values, mode), {
    idempotencyKey,
    client,
    notifyEmail: owner.kind === "visitor" && notify.ok ? notify.email : null,
    site: resolveSite(context.env.secrets.WEBSITE_URL, request.url),
    child: savedChild && child ? { id: savedChild.id, look: child.look, likes: child.likes, companions: child.companions } : undefined,
  });
  // A refused book keeps nothing of this submit: the photos it brought are deleted again (and so
  // are they when a double submit finds its book already made).
  if (stored.length > 0 && (!result.ok || !result.created)) {
    await uploads.discard(owner, stored);
    values = withoutPhoto(values);
  }
  if (result.ok) {
    // the form kept for sign-up has done its work
    if (result.created) await context.services.drafts.drop(context.identity.visitorId, mode).catch(() => undefined);
    if (result.created) await recordActivity(context, request, "book_started", { bookId: result.bookId });
    return redirect(`/youraistory/${result.bookId}`);
  }
  if (result.status === 400) {
    const fieldErrors: FormErrors = {};
    for (const [key, message] of Object.entries(result.fieldErrors)) {
      if (!message) continue;
      const at: ErrorKey = errorKeyFor(key, values, mode);
      fieldErrors[at] ??= message;
    }
    if (Object.keys(fieldErrors).length === 0) return answer(values, {}, 400, { kind: "error", message: MESSAGES.unreadable });
    return answer(values, fieldErrors, 400);
  }
  if (result.status === 402) {
    return answer(values, {}, 402, { kind: "credits", message: result.message, link: { url: result.lead.url, label: result.lead.label } });
  }
  // too many books started or made: the form says when to try again
  if (result.status === 429) return answer(values, {}, 429, { kind: "error", message: result.message }, { "Retry-After": String(result.retryAfterS) });
  // 422, moderation: a kind word beside the field it is about.
  const at = errorKeyFor(result.field, values, mode);
  return answer(values, { [at]: result.message }, 422, at === "form" ? { kind: "error", message: result.message } : null);
}
