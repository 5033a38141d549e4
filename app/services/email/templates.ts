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
  name: string;
  link: string | null;
  page?: { image?: string | null; content?: string | null } | null;
  credits?: {
    totalCredits?: number | null;
    remainingCredits?: number | null;
    usedCredits?: number | null;
    lastTransactionDate?: string | null;
    transactionsAmount?: number | string | null;
  };
}

export function storyReadyEmail(input: StoryEmailInput): RenderedEmail {
  const name = oneLine(input.name, 60);
  const subject = "Your StoryNest storybook is ready";
  const image = safeHttpUrl(input.page?.image);
  const excerpt = input.page?.content ? input.page.content.trim().slice(0, 600) : "";
  const c = input.credits ?? {};
  const creditLines: Array<[string, string]> = [];
  if (c.usedCredits != null) creditLines.push(["Credits used", String(c.usedCredits)]);
  if (c.remainingCredits != null) creditLines.push(["Credits left", String(c.remainingCredits)]);
  if (c.totalCredits != null) creditLines.push(["Credits in total", String(c.totalCredits)]);
  if (c.lastTransactionDate) creditLines.push(["Last purchase", oneLine(c.lastTransactionDate, 40)]);
  if (c.transactionsAmount != null && c.transactionsAmount !== "") creditLines.push(["Amount", oneLine(String(c.transactionsAmount), 40)]);

  const text = [
    `Hello ${name},`,
    "",
    "Your storybook is ready to read.",
    ...(input.link ? ["", `Open it here: ${input.link}`] : []),
    ...(excerpt ? ["", "How it begins:", excerpt] : []),
    ...(creditLines.length ? ["", ...creditLines.map(([k, v]) => `${k}: ${v}`)] : []),
    "",
    "Happy reading!",
    "The StoryNest team",
  ].join("\n");
  const html = frame(
    subject,
    `<h1 style="margin:0 0 12px;font-size:24px">Hello ${escapeHtml(name)}, your storybook is ready!</h1>
${image ? `<img src="${escapeHtml(image)}" alt="The first picture of your storybook" width="544" style="display:block;width:100%;max-width:544px;height:auto;border-radius:14px;margin:8px 0 16px">` : ""}
${excerpt ? `<div style="background:#fff8ef;border-radius:14px;padding:16px 18px;font-style:italic">${paragraphs(excerpt)}</div>` : ""}
${input.link ? button(input.link, "Read your storybook") : ""}
${
  creditLines.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 0;color:#5b5470;font-size:14px">${creditLines
        .map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(k)}</td><td style="padding:2px 0">${escapeHtml(v)}</td></tr>`)
        .join("")}</table>`
    : ""
}
<p style="margin:20px 0 0">Happy reading!<br>The StoryNest team</p>`,
  );
  return { subject, html, text };
}

export interface PdfEmailInput {
  name: string;
  urlPdf: string;
  link: string | null;
}

export function pdfReadyEmail(input: PdfEmailInput): RenderedEmail {
  const name = oneLine(input.name, 60);
  const subject = "Your StoryNest storybook PDF is ready";
  const text = [
    `Hello ${name},`,
    "",
    "The PDF of your storybook is ready to download and print.",
    "",
    `Download it here: ${input.urlPdf}`,
    ...(input.link ? [`Read it online: ${input.link}`] : []),
    "",
    "Happy reading!",
    "The StoryNest team",
  ].join("\n");
  const html = frame(
    subject,
    `<h1 style="margin:0 0 12px;font-size:24px">Hello ${escapeHtml(name)}, your PDF is ready!</h1>
<p style="margin:0 0 8px">The PDF of your storybook is ready to download and print.</p>
${button(input.urlPdf, "Download the PDF")}
${input.link ? `<p style="margin:0">Or <a href="${escapeHtml(input.link)}" style="color:#5b3fa6">read it online</a>.</p>` : ""}
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

export function planPurchaseEmail(input: PlanPurchaseEmailInput): RenderedEmail {
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
