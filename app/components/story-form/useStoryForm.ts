import { useNavigation, useSubmit } from "@remix-run/react";
import { startTransition, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { PHOTO_CONSENT_FIELD, PHOTO_CONSENT_VALUE, PHOTO_ERRORS } from "~/domain/story/photo";
import type { StoryFormActionData, StoryFormLoaderData } from "./page-data";
import { cropToFile, photoColours, type LocalPhoto } from "./PhotoField";
import { editedFields, isEdited, PREFILL_FIELDS, refill, templateForChoice, type PrefillField } from "./prefill";
import { firstErrorKey, readFormValues, type ErrorKey, type FormErrors, type FormField, type FormValues } from "./values";

type Validator = typeof import("./validate");
let validator: Validator | null = null;
let loadingValidator: Promise<Validator> | null = null;

/**
 * The form's checks (and the schema library under them) load when the form is first touched or
 * submitted, not with the page: a parent reading the page first does not wait for them.
 */
export function loadValidator(): Promise<Validator> {
  loadingValidator ??= import("./validate").then((m) => (validator = m));
  // a failed download is tried again next time
  loadingValidator.catch(() => (loadingValidator = null));
  return loadingValidator;
}

/** The DOM id a form error is shown beside, for focus and the error summary's links. */
export function controlId(key: ErrorKey, values: FormValues): string {
  if (key === "age") return `story-age-${values.age || "1"}`;
  if (key === "gender") return `story-gender-${values.gender || "child"}`;
  if (key === "form") return "story-form-alert";
  return `story-${key}`;
}

/** Puts the parent on the control of a field at fault, scrolled to the middle of the screen. */
export function focusError(key: ErrorKey, form: HTMLFormElement | null) {
  if (!form) return;
  const el =
    form.querySelector<HTMLElement>(`[name="${key}"]:checked`) ??
    form.querySelector<HTMLElement>(`[name="${key}"]:not([type=hidden])`) ??
    document.getElementById(`story-${key}`);
  if (el) {
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "center", behavior: "smooth" });
  }
}

/**
 * The story form's state in the browser: what the parent typed (a theme fills in its details, and
 * the child's name fills the template's placeholders, never over the parent's own words), the
 * photo, the errors (checked here first, then by the server), and the submission.
 */
export function useStoryForm({ loaderData, actionData }: { loaderData: StoryFormLoaderData; actionData: StoryFormActionData | undefined }) {
  const { mode, themes } = loaderData;
  // One key for the life of this form: pressing Create again after an answer was lost finds the
  // book the first press started instead of making a second one (a reload of the page's data after
  // a submission brings a new key, which is not taken).
  const [idempotencyKey] = useState(loaderData.idempotencyKey);
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [values, setValues] = useState<FormValues>(() => actionData?.values ?? loaderData.values);
  const [edited, setEdited] = useState<ReadonlySet<PrefillField>>(() => {
    const v = actionData?.values ?? loaderData.values;
    return editedFields(v, templateForChoice(themes, v.themeChoice));
  });
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const [photo, setPhoto] = useState<LocalPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>(undefined);
  /** upload ids of a photo the server kept that the parent removed or replaced: sent so the server deletes them */
  const [discarded, setDiscarded] = useState<string[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [noticeFocus, setNoticeFocus] = useState(0);

  // Marking the form ready re-renders all of it: at low priority, in slices, so it never blocks a tap.
  useEffect(() => startTransition(() => setHydrated(true)), []);

  const template = templateForChoice(themes, values.themeChoice);
  const errors: FormErrors = useMemo(() => {
    const base = { ...(clientErrors ?? actionData?.errors ?? {}) };
    if (photoError) base.photo = photoError;
    return base;
  }, [clientErrors, actionData, photoError]);
  const notice = clientErrors ? null : (actionData?.notice ?? null);
  const busy = preparing || (navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post");

  // After the server answers: keep what it kept (the photo's upload ids), show its errors, and move
  // focus to the first field at fault, or to the message by the Create button.
  useEffect(() => {
    if (!actionData) return;
    // the server's messages are checked again as the parent types: have the checks ready
    if (Object.keys(actionData.errors).length > 0) void loadValidator().catch(() => undefined);
    setValues((v) => ({
      ...v,
      childImage: actionData.values.childImage,
      childImageCropped: actionData.values.childImageCropped,
      photoName: actionData.values.photoName,
    }));
    setClientErrors(null);
    setDiscarded([]);
    const key = firstErrorKey(actionData.errors);
    if (key && key !== "form") focusError(key, formRef.current);
    // the message is drawn with this update: focus it once it is on the page
    else if (actionData.notice || key === "form") setNoticeFocus((n) => n + 1);
  }, [actionData]);
  useEffect(() => {
    if (noticeFocus > 0) noticeRef.current?.focus();
  }, [noticeFocus]);

  function setField(field: FormField, value: string) {
    let next: FormValues = { ...values, [field]: value };
    let nextEdited = edited;
    if ((PREFILL_FIELDS as readonly string[]).includes(field)) {
      const f = field as PrefillField;
      const mine = new Set(edited);
      if (isEdited(f, value, template, values.childName)) mine.add(f);
      else mine.delete(f);
      nextEdited = mine;
    }
    // The name fills the template's placeholders; a new theme brings its own details.
    if (field === "childName") next = refill(next, nextEdited, template);
    if (field === "themeChoice") next = refill(next, nextEdited, templateForChoice(themes, value));
    setValues(next);
    setEdited(nextEdited);
    if (Object.keys(errors).length > 0) {
      if (validator) setClientErrors(validator.recheckField(errors, field, next, mode));
      else
        void loadValidator()
          .then((v) => setClientErrors(v.recheckField(errors, field, next, mode)))
          .catch(() => undefined);
    }
  }

  function dropSavedPhoto() {
    const kept = [values.childImage, values.childImageCropped].filter(Boolean);
    if (kept.length > 0) setDiscarded((d) => [...d, ...kept]);
    setValues((v) => ({ ...v, childImage: "", childImageCropped: "", photoName: "" }));
  }

  function onPhoto(next: LocalPhoto | null) {
    setPhoto(next);
    // A new photo replaces the one the server kept.
    if (next) dropSavedPhoto();
  }

  function removeSavedPhoto() {
    dropSavedPhoto();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    // "Create a free account" keeps the form as it is, finished or not: only the photo's own rules apply.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const keepForSignUp = submitter?.getAttribute("name") === "intent" && submitter.getAttribute("value") === "signup";
    if (keepForSignUp) data.set("intent", "signup");
    // Without the checks (their download failed) the server, which checks everything again, answers.
    const checks = keepForSignUp ? null : (validator ?? (await loadValidator().catch(() => null)));
    const result = checks?.validateForm(readFormValues(data), mode);
    const found: FormErrors = !result || result.ok ? {} : { ...result.errors };
    if (photoError) found.photo = photoError;
    else if (photo && data.get(PHOTO_CONSENT_FIELD) !== PHOTO_CONSENT_VALUE) found.photo = PHOTO_ERRORS.consent;
    const first = firstErrorKey(found);
    if (first) {
      setClientErrors(found);
      if (first === "form") noticeRef.current?.focus();
      else focusError(first, form);
      return;
    }
    setClientErrors({});
    if (photo) {
      try {
        const colours = await photoColours(photo);
        if (colours.hair) data.set("photoHair", colours.hair);
        if (colours.skin) data.set("photoSkin", colours.skin);
        if (colours.eyes) data.set("photoEyes", colours.eyes);
      } catch {
        // Colours are a nicety: without them the pictures' child gets colours of its own.
      }
    }
    if (photo?.crop) {
      setPreparing(true);
      try {
        const square = await cropToFile(photo);
        if (square) data.set("photoCropped", square);
      } catch {
        // The square is a nicety: the book is made from the whole photo without it.
      } finally {
        setPreparing(false);
      }
    }
    // The router's own scrolling: an answer with errors keeps the page where it is (focus moves to
    // the first field at fault), and the redirect to the new book opens it at its top.
    submit(data, { method: "post", encType: "multipart/form-data" });
  }

  return {
    idempotencyKey,
    formRef,
    noticeRef,
    hydrated,
    values,
    template,
    errors,
    notice,
    busy,
    photo,
    discarded,
    setField,
    onPhoto,
    setPhotoError,
    removeSavedPhoto,
    onSubmit,
    /** the first focus or press in the form: its checks start loading */
    prepare: () => void loadValidator().catch(() => undefined),
  };
}

export type StoryForm = ReturnType<typeof useStoryForm>;
