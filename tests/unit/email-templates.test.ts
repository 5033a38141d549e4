import { describe, expect, it } from "vitest";
import { RECEIPT } from "./receipt-fixture";
import { alreadyRegisteredEmail, changeEmailEmail, confirmEmail, resetPasswordEmail } from "~/services/email/account-templates";
import {
  contactEmail,
  newsletterConfirmEmail,
  newsletterWelcomeEmail,
  pdfReadyEmail,
  planPurchaseEmail,
  storyReadyEmail,
  type RenderedEmail,
  type StoryEmailInput,
} from "~/services/email/templates";

const SITE = "https://storynest.example";

const story: StoryEmailInput = {
  name: "Sam",
  title: "Mia and the Moon Picnic",
  childName: "Mia",
  coverUrl: `${SITE}/api/email/cover/cover-token`,
  firstPageText: "Mia packs a picnic for the moon.\n\nThe stars come too.",
  creditsUsed: 1,
  creditsLeft: 4,
  link: `${SITE}/read/read-token`,
  linkNote: "The link opens the book on any device for 30 days.",
  unsubscribeUrl: `${SITE}/unsubscribe/unsubscribe-token`,
};

/** Every message the product sends, with the links it must carry. */
const messages: Array<[string, () => Promise<RenderedEmail>, string[]]> = [
  ["story", () => storyReadyEmail(story), [story.link, story.unsubscribeUrl]],
  [
    "pdf",
    () => pdfReadyEmail({ name: "Sam", title: "Mia", pdfUrl: `${SITE}/api/email/pdf/t`, linkNote: "The download link works for 7 days." }),
    [`${SITE}/api/email/pdf/t`],
  ],
  [
    "purchase",
    () => planPurchaseEmail({ fullName: "Ada", orderId: "SN-1001", creditBalance: 12, site: `${SITE}/`, receipt: RECEIPT, orderUrl: `${SITE}/order/1` }),
    [`${SITE}/createstory`],
  ],
  [
    "contact",
    () => contactEmail({ name: "Ada", email: "ada@example.com", topic: "billing", message: "How do credits work?" }, new Date("2026-05-01T10:00:00Z")),
    ["ada@example.com"],
  ],
  ["newsletter confirm", () => newsletterConfirmEmail({ confirmUrl: `${SITE}/newsletter/confirm/c`, reactivation: false }), [`${SITE}/newsletter/confirm/c`]],
  [
    "newsletter welcome",
    () => newsletterWelcomeEmail({ firstName: "Ada", site: SITE, unsubscribeUrl: `${SITE}/unsubscribe/n` }),
    [`${SITE}/createstory`, `${SITE}/unsubscribe/n`],
  ],
  ["confirm address", () => confirmEmail(`${SITE}/auth/callback?token=a`), [`${SITE}/auth/callback?token=a`]],
  ["reset password", () => resetPasswordEmail(`${SITE}/auth/reset-password?token=b`), [`${SITE}/auth/reset-password?token=b`]],
  ["change address", () => changeEmailEmail(`${SITE}/auth/callback?token=c`), [`${SITE}/auth/callback?token=c`]],
  [
    "already registered",
    () => alreadyRegisteredEmail(`${SITE}/auth/login`, `${SITE}/auth/forgot-password`),
    [`${SITE}/auth/login`, `${SITE}/auth/forgot-password`],
  ],
];

/** The href (and, with pictures, src) values of an HTML document. */
function addresses(html: string, pictures = true): string[] {
  const attribute = pictures ? /\s(?:href|src)="([^"]*)"/g : /\shref="([^"]*)"/g;
  return [...html.matchAll(attribute)].map((m) => m[1].replace(/&amp;/g, "&"));
}

describe("every e-mail", () => {
  it.each(messages)("%s: the brand frame in HTML, a plain-text part with every link", async (_name, make, links) => {
    const mail = await make();
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain(">StoryNest</p>");
    expect(mail.html).toContain("color:#e85d3f");
    expect(mail.html).toContain("background:#fff8ef");
    expect(mail.html).toContain("StoryNest · personalised storybooks starring your child");
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(mail.html).toContain("max-width:600px;width:100%");
    expect(mail.html).not.toContain("<script");
    // Every picture says what it shows.
    for (const img of mail.html.match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/\salt="[^"]+"/);
    // The plain text is text: no tags, and every address the HTML links to is written out (pictures are left out).
    expect(mail.text).not.toMatch(/<\/?(p|a|td|table|div|span)\b/);
    expect(mail.text).toContain("StoryNest · personalised storybooks starring your child");
    for (const link of links) expect(mail.text).toContain(link);
    for (const href of addresses(mail.html, false).filter((a) => a.startsWith("http"))) expect(mail.text).toContain(href);
  });
});

describe("the story e-mail", () => {
  it("shows the cover with alt text, how the story begins, the button and the unsubscribe link", async () => {
    const mail = await storyReadyEmail(story);
    expect(mail.subject).toBe("Mia and the Moon Picnic is ready to read");
    expect(mail.html).toMatch(/<img alt="The cover of Mia and the Moon Picnic"[^>]* src="https:\/\/storynest\.example\/api\/email\/cover\/cover-token"/);
    expect(mail.html).toMatch(/<img [^>]*style="[^"]*width:100%;[^"]*height:auto/);
    expect(mail.html).toContain(`href="${story.link}"`);
    expect(mail.html).toMatch(/href="https:\/\/storynest\.example\/unsubscribe\/unsubscribe-token"[^>]*>Stop these e-mails<\/a>/);
    expect(mail.text).toContain("Hello Sam, the story starring Mia is ready to read.");
    expect(mail.text).toContain("Mia packs a picnic for the moon.\n\nThe stars come too.");
    expect(mail.text).toContain(`Read the story ${story.link}`);
    expect(mail.text).toContain("Credits used: 1 · Credits left: 4");
    expect(mail.text).toContain(`Stop these e-mails ${story.unsubscribeUrl}`);
    // The picture is in the HTML only.
    expect(mail.text).not.toContain("cover-token");
  });

  it("shows a person's words as text, never as markup", async () => {
    const mail = await storyReadyEmail({
      ...story,
      name: "<script>alert(1)</script>",
      title: `<img src=x onerror="alert(1)">`,
      childName: "<b>Mia</b>",
      firstPageText: "</p><script>alert(2)</script>",
    });
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toContain("<b>Mia</b>");
    expect(mail.html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;, the story starring &lt;b&gt;Mia&lt;/b&gt;");
    expect(mail.html).toContain("&lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(mail.text).toContain("Hello <script>alert(1)</script>, the story starring <b>Mia</b> is ready to read.");
  });

  it("never turns an unsafe address into a link or a picture", async () => {
    const mail = await storyReadyEmail({
      ...story,
      coverUrl: "javascript:alert(1)",
      link: "javascript:alert(2)",
      unsubscribeUrl: "data:text/html,<script>alert(3)</script>",
    });
    expect(mail.html).not.toMatch(/javascript:|data:text/i);
    expect(mail.html).not.toContain("<img");
    expect(addresses(mail.html)).toEqual([]);
    expect(mail.text).not.toMatch(/javascript:|data:text/i);
    // The words still arrive.
    expect(mail.text).toContain("Hello Sam, the story starring Mia is ready to read.");
  });

  it("leaves the picture out when the book has no cover", async () => {
    const mail = await storyReadyEmail({ ...story, coverUrl: null, firstPageText: "  " });
    expect(mail.html).not.toContain("<img");
    expect(mail.text).not.toContain("How it begins");
  });
});

describe("links built from settings or tokens", () => {
  it.each([
    ["pdf", () => pdfReadyEmail({ name: null, title: "Mia", pdfUrl: "javascript:alert(1)", linkNote: "Soon." })],
    [
      "purchase",
      () =>
        planPurchaseEmail({
          fullName: "Ada",
          orderId: "SN-1",
          creditBalance: 1,
          site: "javascript:alert(1)//",
          receipt: RECEIPT,
          orderUrl: "javascript:alert(1)",
        }),
    ],
    ["newsletter confirm", () => newsletterConfirmEmail({ confirmUrl: "javascript:alert(1)", reactivation: true })],
    ["newsletter welcome", () => newsletterWelcomeEmail({ firstName: null, site: "vbscript:x", unsubscribeUrl: "javascript:alert(1)" })],
    ["confirm address", () => confirmEmail("javascript:alert(1)")],
    ["already registered", () => alreadyRegisteredEmail("javascript:alert(1)", "javascript:alert(2)")],
  ])("%s: an unsafe address never becomes an href", async (_name, make) => {
    const mail = await make();
    expect(addresses(mail.html)).toEqual([]);
    expect(mail.html).not.toMatch(/javascript:|vbscript:/i);
  });

  it("spells out the account link for a client without buttons, once in the plain text", async () => {
    const link = `${SITE}/auth/reset-password?token=xyz`;
    const mail = await resetPasswordEmail(link);
    expect(mail.subject).toBe("Reset your StoryNest password");
    expect(mail.html).toContain(`If the button does not work, copy this address into your browser: ${link}`);
    expect(mail.text).toContain(`Choose a new password ${link}`);
    expect(mail.text).toContain("The link works once and lasts 1 hour.");
    expect(mail.text.split(link)).toHaveLength(2);
  });

  it("addresses a returning newsletter reader differently", async () => {
    expect((await newsletterConfirmEmail({ confirmUrl: `${SITE}/c`, reactivation: true })).subject).toBe("Confirm you want the StoryNest newsletter again");
    const welcome = await newsletterWelcomeEmail({ firstName: "Ada", site: SITE, unsubscribeUrl: `${SITE}/unsubscribe/n` });
    expect(welcome.html).toMatch(/>Leave the newsletter<\/a>/);
    expect(welcome.text).toContain("Hello Ada,");
  });
});
