import { topicLabel, type ContactInput } from "~/domain/contact/schema";

/**
 * The e-mails StoryNest sends, each as { subject, html, text }. Pure functions: every value that
 * came from a person is escaped before it goes into HTML, and collapsed onto one line where a
 * header (the subject) carries it.
 */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** One line, no control characters, at most `max` characters: safe for a subject. */
export function oneLine(s: string, max = 80): string {
  // eslint-disable-next-line no-control-regex
  const flat = s.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function paragraphs(s: string): string {
  return s
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
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

/** The warm, simple frame every StoryNest e-mail shares (inline styles: mail clients drop CSS). */
export function frame(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#fff8ef;color:#2b2542;font-family:Nunito,'Segoe UI',Helvetica,Arial,sans-serif;font-size:16px;line-height:1.55">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ef"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:20px;border:1px solid #f0e4d4">
<tr><td style="padding:24px 28px 8px;font-size:22px;font-weight:700;color:#e85d3f">StoryNest</td></tr>
<tr><td style="padding:8px 28px 28px">${body}</td></tr>
</table>
<p style="margin:16px 0 0;font-size:13px;color:#5b5470">StoryNest · personalised storybooks starring your child</p>
</td></tr></table>
</body></html>`;
}

export function button(href: string, label: string): string {
  return `<p style="margin:22px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#b8432a;color:#ffffff;text-decoration:none;font-weight:700;padding:13px 24px;border-radius:999px">${escapeHtml(label)}</a></p>`;
}

// ---------------------------------------------------------------------------------------------
// Contact form → the administrator

const sentFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" });

export function contactEmail(input: ContactInput, sentAt: Date): RenderedEmail {
  const topic = topicLabel(input.topic);
  const name = oneLine(input.name, 100);
  const subject = `Contact form: ${topic} from ${oneLine(input.name, 60)}`;
  const when = `${sentFormat.format(sentAt)} UTC`;
  const text = [
    "A new message from the StoryNest contact form.",
    "",
    `From: ${name} <${input.email}>`,
    `Topic: ${topic}`,
    `Sent: ${when}`,
    "",
    "Message:",
    input.message,
    "",
    `Reply to this e-mail to answer ${name} directly.`,
  ].join("\n");
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 12px 4px 0;color:#5b5470;vertical-align:top;white-space:nowrap">${label}</td><td style="padding:4px 0">${value}</td></tr>`;
  const html = frame(
    subject,
    `<h1 style="margin:0 0 16px;font-size:22px">A new message from the contact form</h1>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 18px">
${row("From", `${escapeHtml(name)} &lt;<a href="mailto:${escapeHtml(input.email)}" style="color:#5b3fa6">${escapeHtml(input.email)}</a>&gt;`)}
${row("Topic", escapeHtml(topic))}
${row("Sent", escapeHtml(when))}
</table>
<div style="background:#fff8ef;border-radius:14px;padding:16px 18px">${paragraphs(input.message)}</div>
<p style="margin:18px 0 0;color:#5b5470">Reply to this e-mail to answer ${escapeHtml(name)} directly.</p>`,
  );
  return { subject, html, text };
}

// ---------------------------------------------------------------------------------------------
// Story, PDF and plan-purchase e-mails (POST /api/send-email)

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
  const hello = input.name ? `Hello ${oneLine(input.name, 60)},` : "Hello,";
  const title = oneLine(input.title, 120);
  const subject = `${oneLine(input.title, 70)} is ready to read`;
  const excerpt = input.firstPageText.trim().slice(0, 600);
  const credits = `Credits used: ${input.creditsUsed} · Credits left: ${input.creditsLeft}`;
  const text = [
    hello,
    "",
    `${title}, the story starring ${oneLine(input.childName, 60)}, is ready to read.`,
    "",
    `Open it here: ${input.link}`,
    ...(input.linkNote ? [input.linkNote] : []),
    ...(excerpt ? ["", "How it begins:", excerpt] : []),
    "",
    credits,
    "",
    "Happy reading!",
    "The StoryNest team",
    "",
    `Stop these e-mails: ${input.unsubscribeUrl}`,
  ].join("\n");
  const html = frame(
    subject,
    `<h1 style="margin:0 0 12px;font-size:24px">${escapeHtml(title)} is ready!</h1>
<p style="margin:0 0 12px">${escapeHtml(hello)} the story starring ${escapeHtml(oneLine(input.childName, 60))} is ready to read.</p>
${input.coverUrl ? `<img src="${escapeHtml(input.coverUrl)}" alt="The cover of ${escapeHtml(title)}" width="544" style="display:block;width:100%;max-width:544px;height:auto;border-radius:14px;margin:8px 0 16px">` : ""}
${excerpt ? `<div style="background:#fff8ef;border-radius:14px;padding:16px 18px;font-style:italic">${paragraphs(excerpt)}</div>` : ""}
${button(input.link, "Read the story")}
${input.linkNote ? `<p style="margin:0 0 12px;font-size:14px;color:#5b5470">${escapeHtml(input.linkNote)}</p>` : ""}
<p style="margin:8px 0 0;color:#5b5470;font-size:14px">${escapeHtml(credits)}</p>
<p style="margin:20px 0 0">Happy reading!<br>The StoryNest team</p>
<p style="margin:20px 0 0;font-size:13px;color:#5b5470"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#5b5470">Stop these e-mails</a></p>`,
  );
  return { subject, html, text };
}

export interface PdfEmailInput {
  name: string | null;
  title: string;
  /** the PDF's download link (works without signing in, for a few days) */
  pdfUrl: string;
  linkNote: string;
}

export async function pdfReadyEmail(input: PdfEmailInput): Promise<RenderedEmail> {
  const hello = input.name ? `Hello ${oneLine(input.name, 60)},` : "Hello,";
  const title = oneLine(input.title, 120);
  const subject = `The PDF of ${oneLine(input.title, 70)}`;
  const text = [
    hello,
    "",
    `The PDF of ${title} is ready to download and print.`,
    "",
    `Download it here: ${input.pdfUrl}`,
    input.linkNote,
    "",
    "Happy reading!",
    "The StoryNest team",
  ].join("\n");
  const html = frame(
    subject,
    `<h1 style="margin:0 0 12px;font-size:24px">${escapeHtml(hello)} your PDF is ready!</h1>
<p style="margin:0 0 8px">The PDF of ${escapeHtml(title)} is ready to download and print.</p>
${button(input.pdfUrl, "Download the PDF")}
<p style="margin:0 0 12px;font-size:14px;color:#5b5470">${escapeHtml(input.linkNote)}</p>
<p style="margin:20px 0 0">Happy reading!<br>The StoryNest team</p>`,
  );
  return { subject, html, text };
}

export interface PlanPurchaseEmailInput {
  fullName: string;
  orderId: string;
  creditBalance: number | string;
  site: string;
}

export async function planPurchaseEmail(input: PlanPurchaseEmailInput): Promise<RenderedEmail> {
  const name = oneLine(input.fullName, 60) || "there";
  const order = oneLine(input.orderId, 60);
  const balance = oneLine(String(input.creditBalance), 20);
  const subject = `Thank you for your StoryNest order ${order}`;
  const create = `${input.site.replace(/\/+$/, "")}/createstory`;
  const text = [
    `Hello ${name},`,
    "",
    `Thank you for your order ${order}. Your credits are ready to use.`,
    `Your credit balance is now ${balance}.`,
    "",
    `Start a new story: ${create}`,
    "",
    "The StoryNest team",
  ].join("\n");
  const html = frame(
    subject,
    `<h1 style="margin:0 0 12px;font-size:24px">Thank you, ${escapeHtml(name)}!</h1>
<p style="margin:0 0 8px">Your order <strong>${escapeHtml(order)}</strong> is complete and your credits are ready to use.</p>
<p style="margin:0 0 8px">Your credit balance is now <strong>${escapeHtml(balance)}</strong>.</p>
${button(create, "Start a new story")}
<p style="margin:20px 0 0">The StoryNest team</p>`,
  );
  return { subject, html, text };
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
  const intro = "Someone (we hope you) asked to get the StoryNest newsletter at this address: new themes, reading ideas and news, about once a month.";
  const outro = "If this was not you, ignore this e-mail: without the button nothing is sent to you. The link works for 7 days.";
  const text = [intro, "", `Confirm: ${input.confirmUrl}`, "", outro].join("\n");
  const html = frame(
    subject,
    `<p style="margin:0 0 14px">${escapeHtml(intro)}</p>${button(input.confirmUrl, "Yes, send me the newsletter")}<p style="margin:0;font-size:14px;color:#5b5470">${escapeHtml(outro)}</p>`,
  );
  return { subject, html, text };
}

export interface NewsletterWelcomeInput {
  firstName: string | null;
  site: string;
  unsubscribeUrl: string;
}

export async function newsletterWelcomeEmail(input: NewsletterWelcomeInput): Promise<RenderedEmail> {
  const subject = "Welcome to the StoryNest newsletter";
  const hello = input.firstName ? `Hello ${oneLine(input.firstName, 60)},` : "Hello,";
  const body = "Thank you for confirming. You will hear from us about once a month: new themes, reading ideas and news.";
  const text = [hello, "", body, "", `Make a story: ${input.site.replace(/\/+$/, "")}/createstory`, "", `Leave the newsletter: ${input.unsubscribeUrl}`].join(
    "\n",
  );
  const html = frame(
    subject,
    `<p style="margin:0 0 14px">${escapeHtml(hello)}</p><p style="margin:0 0 14px">${escapeHtml(body)}</p>${button(`${input.site.replace(/\/+$/, "")}/createstory`, "Make a story")}<p style="margin:20px 0 0;font-size:13px;color:#5b5470"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#5b5470">Leave the newsletter</a></p>`,
  );
  return { subject, html, text };
}
