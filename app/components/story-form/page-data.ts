import type { ChildChoice, ChosenChild } from "~/domain/children/child";
import type { CreditsLead, CreditsLink } from "~/domain/story/credits";
import type { ThemeTemplate } from "~/domain/story/themes";
import type { FormErrors, FormMode, FormValues } from "./values";

/**
 * What the creation pages (/createstory, /customstory) receive from their server side: the page
 * states what it draws, and the loader and action in app/routes/story-form.server.ts answer with it.
 * Kept here, beside the page, so the page needs nothing from the server to know its data.
 */

export interface StoryFormLoaderData {
  mode: FormMode;
  themes: ThemeTemplate[];
  values: FormValues;
  /** the form was filled in from a conversation with Nino */
  fromNino: boolean;
  /** one per drawn form: a double submit of it makes one book */
  idempotencyKey: string;
  price: number;
  /** what one book costs on its own in the visitor's currency, e.g. "£3.99" (null when the prices could not be read) */
  bookPrice: string | null;
  /** the credits the visitor can spend now (null when they could not be read) */
  balance: number | null;
  /** where to get more credits: sign up (a visitor) or the credit packs (a signed-in parent) */
  lead: CreditsLead;
  /** "E-mail me when it's ready": the field for a visitor, or where a signed-in parent's e-mail goes */
  notify: NotifyChoice;
  /** a signed-in parent's saved children to start from, and the one chosen (`?child=`); null without any */
  savedChildren: SavedChildren | null;
}

export interface SavedChildren {
  choices: ChildChoice[];
  chosen: ChosenChild | null;
}

/**
 * A visitor without an account may leave an address for this one book ("field"); a signed-in
 * parent is told the account's confirmed address (masked), or null when it has none confirmed.
 */
export type NotifyChoice = { kind: "field" } | { kind: "account"; maskedEmail: string | null };

export type Notice = { kind: "credits"; message: string; link: CreditsLink } | { kind: "error"; message: string };

export interface StoryFormActionData {
  values: FormValues;
  errors: FormErrors;
  notice: Notice | null;
  /** a saved child's companions that were ticked (shown ticked again) */
  companions?: string[];
}
