import { createElement, type ReactElement } from "react";
import { render, toPlainText } from "@react-email/components";
import { dateText } from "~/domain/auth/account-pages";
import { topicLabel, type ContactInput } from "~/domain/contact/schema";
import type { ReceiptSummary } from "~/domain/pricing/orders";
import { unusedCreditsText } from "~/domain/pricing/refunds";
import { Contact } from "./react/Contact";
import { NewsletterConfirm } from "./react/NewsletterConfirm";
import { NewsletterWelcome } from "./react/NewsletterWelcome";
import { NinoSafeReply } from "./react/NinoSafeReply";
import { PdfReady } from "./react/PdfReady";
import { PlanPurchase } from "./react/PlanPurchase";
import { RefundConfirmed } from "./react/RefundConfirmed";
import { StoryReady } from "./react/StoryReady";

/**
 * The e-mails StoryNest sends, each as { subject, html, text }, drawn with React Email
 * (app/services/email/react). React escapes every value a person typed; a value that goes into a
 * header (the subject) is also collapsed onto one line, and only http(s) addresses ever become a
 * link or a picture.
 */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** One line, no control characters, at most `max` characters: safe for a subject. */
export function oneLine(s: string, max = 80): string {
  // eslint-disable-next-line no-control-regex
  const flat = s.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** Only absolute http(s) addresses go into a link or an image; anything else is left out. */
export function safeHttpUrl(raw: string | undefined | null): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}

const plainTextOptions = {
  // Headings keep their case in the plain text (html-to-text shouts them by default).
  selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
};

/**
 * Renders one message: the HTML React Email writes, and the plain text read from that same HTML
 * (every link written out after its words, pictures left out). Never pretty-printed: that would
 * pull a formatter into the Worker for nothing a mail client sees.
 */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const html = await render(element);
  return {
    subject,
    html,
    text: toPlainText(html, plainTextOptions)
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
  };
}

export function helloLine(name: string | null): string {
  return name ? `Hello ${oneLine(name, 60)},` : "Hello,";
}

function siteBase(site: string): string {
  return site.replace(/\/+$/, "");
}

// ---------------------------------------------------------------------------------------------
// Contact form → the administrator

const sentFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" });

export async function contactEmail(input: ContactInput, sentAt: Date): Promise<RenderedEmail> {
  const subject = `Contact form: ${topicLabel(input.topic)} from ${oneLine(input.name, 60)}`;
  return renderEmail(
    subject,
    createElement(Contact, {
      subject,
      name: oneLine(input.name, 100),
      email: oneLine(input.email, 320),
      topic: topicLabel(input.topic),
      when: `${sentFormat.format(sentAt)} UTC`,
      message: input.message,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Story, PDF and plan-purchase e-mails

/** One function builds story links (app/domain/story/links.ts). */
export { storyLink } from "~/domain/story/links";

export interface StoryEmailInput {
  /** the parent's first name, or null (a visitor without an account): "Hello," */
  name: string | null;
  title: string;
  childName: string;
  /** the cover picture's absolute address (a link that works without signing in), when drawn */
  coverUrl: string | null;
  /** the first story page's words */
  firstPageText: string;
  creditsUsed: number;
  creditsLeft: number;
  /** opens the book: the public page, the owner's reader, or a read-only link */
  link: string;
  /** said under the button, e.g. "The link works for 30 days." */
  linkNote: string | null;
  unsubscribeUrl: string;
}

export async function storyReadyEmail(input: StoryEmailInput): Promise<RenderedEmail> {
  const subject = `${oneLine(input.title, 70)} is ready to read`;
  return renderEmail(
    subject,
    createElement(StoryReady, {
      subject,
      hello: helloLine(input.name),
      title: oneLine(input.title, 120),
      childName: oneLine(input.childName, 60),
      coverUrl: safeHttpUrl(input.coverUrl),
      excerpt: input.firstPageText.trim().slice(0, 600),
      credits: `Credits used: ${input.creditsUsed} · Credits left: ${input.creditsLeft}`,
      link: safeHttpUrl(input.link),
      linkNote: input.linkNote,
      unsubscribeUrl: safeHttpUrl(input.unsubscribeUrl),
    }),
  );
}

export interface PdfEmailInput {
  name: string | null;
  title: string;
  /** the PDF's download link (works without signing in, for a few days) */
  pdfUrl: string;
  linkNote: string;
}

export async function pdfReadyEmail(input: PdfEmailInput): Promise<RenderedEmail> {
  const subject = `The PDF of ${oneLine(input.title, 70)}`;
  return renderEmail(
    subject,
    createElement(PdfReady, {
      subject,
      hello: helloLine(input.name),
      title: oneLine(input.title, 120),
      pdfUrl: safeHttpUrl(input.pdfUrl),
      linkNote: input.linkNote,
    }),
  );
}

export interface PlanPurchaseEmailInput {
  fullName: string;
  orderId: string;
  creditBalance: number | string;
  site: string;
  /** the order's receipt, as its page shows it */
  receipt: ReceiptSummary;
  /** the order's page */
  orderUrl: string;
}

export async function planPurchaseEmail(input: PlanPurchaseEmailInput): Promise<RenderedEmail> {
  const order = oneLine(input.orderId, 60);
  const subject = `Thank you for your StoryNest order ${order}`;
  return renderEmail(
    subject,
    createElement(PlanPurchase, {
      subject,
      name: oneLine(input.fullName, 60) || "there",
      order,
      balance: oneLine(String(input.creditBalance), 20),
      receipt: { ...input.receipt, providerReceiptUrl: safeHttpUrl(input.receipt.providerReceiptUrl) },
      date: dateText(input.receipt.date),
      createUrl: safeHttpUrl(`${siteBase(input.site)}/createstory`),
      orderUrl: safeHttpUrl(input.orderUrl),
    }),
  );
}

export interface RefundEmailInput {
  fullName: string;
  orderNumber: string;
  amount: string;
  credits: number;
  seller: string;
  orderUrl: string;
}

export async function refundConfirmedEmail(input: RefundEmailInput): Promise<RenderedEmail> {
  const order = oneLine(input.orderNumber, 60);
  const subject = `Your StoryNest refund for order ${order}`;
  return renderEmail(
    subject,
    createElement(RefundConfirmed, {
      subject,
      name: oneLine(input.fullName, 60) || "there",
      order,
      amount: oneLine(input.amount, 30),
      credits: unusedCreditsText(input.credits),
      seller: oneLine(input.seller, 120),
      orderUrl: safeHttpUrl(input.orderUrl),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The newsletter: the confirmation (double opt-in) and the welcome once confirmed

export interface NewsletterConfirmInput {
  /** opens the page whose button confirms the subscription */
  confirmUrl: string;
  /** true when an address that had left asked to come back */
  reactivation: boolean;
}

export async function newsletterConfirmEmail(input: NewsletterConfirmInput): Promise<RenderedEmail> {
  const subject = input.reactivation ? "Confirm you want the StoryNest newsletter again" : "Confirm your StoryNest newsletter subscription";
  return renderEmail(
    subject,
    createElement(NewsletterConfirm, {
      subject,
      intro: "Someone (we hope you) asked to get the StoryNest newsletter at this address: new themes, reading ideas and news, about once a month.",
      outro: "If this was not you, ignore this e-mail: without the button nothing is sent to you. The link works for 7 days.",
      confirmUrl: safeHttpUrl(input.confirmUrl),
    }),
  );
}

export interface NewsletterWelcomeInput {
  firstName: string | null;
  site: string;
  unsubscribeUrl: string;
}

export async function newsletterWelcomeEmail(input: NewsletterWelcomeInput): Promise<RenderedEmail> {
  const subject = "Welcome to the StoryNest newsletter";
  return renderEmail(
    subject,
    createElement(NewsletterWelcome, {
      subject,
      hello: helloLine(input.firstName),
      body: "Thank you for confirming. You will hear from us about once a month: new themes, reading ideas and news.",
      createUrl: safeHttpUrl(`${siteBase(input.site)}/createstory`),
      unsubscribeUrl: safeHttpUrl(input.unsubscribeUrl),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Nino gave the safe reply (to the parent's account, once per conversation)

export interface NinoSafeReplyEmailInput {
  name: string | null;
  at: Date;
  /** e.g. "Childline on 0800 1111" */
  helpline: string;
  /** the parent's page that lists these records */
  viewUrl: string;
}

const safeReplyFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" });

export async function ninoSafeReplyEmail(input: NinoSafeReplyEmailInput): Promise<RenderedEmail> {
  const subject = "Nino gave the safe reply to your child";
  return renderEmail(
    subject,
    createElement(NinoSafeReply, {
      subject,
      hello: helloLine(input.name),
      when: `${safeReplyFormat.format(input.at)} UTC`,
      helpline: oneLine(input.helpline, 160),
      viewUrl: safeHttpUrl(input.viewUrl),
    }),
  );
}
