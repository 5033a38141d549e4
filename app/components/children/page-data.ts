import type { ChildLook } from "~/domain/children/child";

/**
 * What the children pages (/myaccount/children and /myaccount/children/{id}) receive from their
 * server side (app/routes/children.server.ts), kept beside the pages that draw it.
 */

/** A saved child as the list shows it. */
export interface ChildCard {
  id: string;
  name: string;
  /** "7 years old" */
  age: string;
  /** the photo's address on this site (the parent's own), or null */
  photo: string | null;
  /** "Grandma Rose, Biscuit" */
  companions: string;
  likes: string;
}

/** A companion row of the editor, as typed (a new row has no id). */
export interface CompanionValues {
  id: string;
  name: string;
  relation: string;
  animal: string;
}

/** The editor's fields as typed, so an answer that needs fixing shows them again. */
export interface ChildValues {
  name: string;
  birthday: string;
  gender: string;
  likes: string;
  companions: CompanionValues[];
}

export interface ChildEditorData {
  /** null for a new child */
  childId: string | null;
  values: ChildValues;
  /** the kept photo's address, or null */
  photo: string | null;
  look: ChildLook;
  /** the birthday's range on the day: 13 years ago (exclusive) to today */
  earliest: string;
  today: string;
  /** "Saved." after a save that came back to this page */
  saved: boolean;
  /** changes with every save: the editor starts afresh from what was saved */
  version: string;
  /** a new child when the parent has saved the most there can be: nothing to fill in */
  full: boolean;
}

export interface ChildActionData {
  intent: string;
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
  notice?: string;
  values?: ChildValues;
  /** "Delete": the first post asks for the confirmation */
  step?: "confirm-delete";
}
