import { FORM_LIMITS } from "~/domain/story/form-limits";

/** The ready-made choices the story form offers. */

export const AGES = Array.from({ length: FORM_LIMITS.ageMax - FORM_LIMITS.ageMin + 1 }, (_, i) => String(FORM_LIMITS.ageMin + i));

export const GENDER_CHOICES = [
  { value: "girl", label: "Girl" },
  { value: "boy", label: "Boy" },
  { value: "child", label: "Child" },
] as const;

export const LENGTH_CHOICES = [
  { value: "short", title: "Short", text: "A sentence or two on each page. About 5 minutes to read aloud: just right for little ones and sleepy evenings." },
  { value: "medium", title: "Medium", text: "A few sentences on each page. About 10 minutes: a proper bedtime story." },
  { value: "long", title: "Long", text: "A fuller paragraph on each page, with more adventure. About 15 minutes, for confident listeners." },
] as const;

/** A few lessons a parent can pick with one tap (they fill the lesson field; it stays editable). */
export const LESSON_IDEAS = [
  { label: "Kindness", text: "Being kind makes everyone's day brighter, including our own." },
  { label: "Bravery", text: "Being brave means trying, even when we feel a little scared." },
  { label: "Sharing", text: "Sharing turns one person's fun into everyone's fun." },
  { label: "Trying again", text: "Mistakes help us learn, so we can always try again." },
  { label: "Saying sorry", text: "Saying sorry and listening can mend a friendship." },
] as const;
