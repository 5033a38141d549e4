import { beforeAll, describe, expect, it } from "vitest";
import { RECEIPT } from "./receipt-fixture";
import { CONTACT_TOPICS, firstInvalidField, isHoneypotFilled, readContactValues, validateContact } from "~/domain/contact/schema";
import { contactEmail, oneLine, planPurchaseEmail, storyLink, type RenderedEmail } from "~/services/email/templates";
import { sendContactMessage } from "~/services/email/contact.server";
import type { EmailMessage, EmailSender } from "~/services/email/types";

const good = { name: "Ada Lovelace", email: "ada@example.com", topic: "billing", message: "How do credits work for a second book?" };

describe("contact schema (shared by the browser and the server)", () => {
  it("accepts a complete message and trims it", () => {
    const r = validateContact({ ...good, name: "  Ada Lovelace  ", email: " ada@example.com " });
    expect(r).toEqual({ ok: true, data: { ...good } });
  });

  it("offers four topics, in order", () => {
    expect(CONTACT_TOPICS.map((t) => t.label)).toEqual(["A question about a book", "Billing and credits", "Privacy and my child's data", "Something else"]);
  });

  it("gives one clear message per field at fault", () => {
    const r = validateContact({ name: "", email: "nope", topic: "pizza", message: "short" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      name: "Please tell us your name.",
      email: expect.stringContaining("doesn't look quite right"),
      topic: "Please choose what your message is about.",
      message: "Please write a little more: at least 10 characters.",
    });
    expect(firstInvalidField(r.errors)).toBe("name");
  });

  it("asks for an e-mail address when it is empty, rather than calling it invalid", () => {
    const r = validateContact({ ...good, email: "   " });
    expect(r.ok || r.errors.email).toBe("Please enter your e-mail address so we can reply.");
  });

  it("holds the limits: name up to 100 characters, message 10 to 5000", () => {
    expect(validateContact({ ...good, name: "a".repeat(100) }).ok).toBe(true);
    expect(validateContact({ ...good, name: "a".repeat(101) }).ok).toBe(false);
    expect(validateContact({ ...good, message: "a".repeat(10) }).ok).toBe(true);
    expect(validateContact({ ...good, message: "  " + "a".repeat(9) + "  " }).ok).toBe(false);
    expect(validateContact({ ...good, message: "a".repeat(5000) }).ok).toBe(true);
    expect(validateContact({ ...good, message: "a".repeat(5001) }).ok).toBe(false);
  });

  it("reads missing or non-text fields as empty, and spots a filled honeypot", () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.set("email", new File(["x"], "x.txt"));
    expect(readContactValues(form)).toEqual({ name: "Ada", email: "", topic: "", message: "" });
    expect(isHoneypotFilled(form)).toBe(false);
    form.set("website", "");
    expect(isHoneypotFilled(form)).toBe(false);
    form.set("website", "https://cheap-pills.example");
    expect(isHoneypotFilled(form)).toBe(true);
  });
});

describe("contact e-mail", () => {
  const input = {
    ...good,
    topic: "privacy" as const,
    name: "Eve <script>alert(1)</script>\nBcc: x@example.com",
    message: "Line one & <b>two</b>\n\nSecond paragraph",
  };
  let mail: RenderedEmail;
  beforeAll(async () => {
    mail = await contactEmail(input, new Date("2026-05-01T10:00:00.000Z"));
  });

  it("puts the topic and a one-line name in the subject", () => {
    expect(mail.subject).toBe("Contact form: Privacy and my child's data from Eve <script>alert(1)</script> Bcc: x@example.com");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("escapes everything the visitor typed in the HTML", () => {
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Eve &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("Line one &amp; &lt;b&gt;two&lt;/b&gt;");
  });

  it("carries the whole message in the text version", () => {
    expect(mail.text).toContain("From: Eve <script>alert(1)</script> Bcc: x@example.com <ada@example.com>");
    expect(mail.text).toContain("Topic: Privacy and my child's data");
    expect(mail.text).toContain("Line one & <b>two</b>\n\nSecond paragraph");
    expect(mail.text).toMatch(/Sent: Friday,? 1 May 2026.* 10:00 UTC/);
  });

  it("is sent to the administrator with reply-to the visitor", async () => {
    const sent: EmailMessage[] = [];
    const sender: EmailSender = {
      provider: "outbox",
      async send(m) {
        sent.push(m);
        return { id: "outbox_1", provider: "outbox" };
      },
    };
    const result = await sendContactMessage(
      sender,
      { ADMIN_EMAIL: "admin@storynest.example", EMAIL_FROM: "StoryNest <stories@storynest.example>" },
      { ...good, topic: "billing" },
    );
    expect(result).toEqual({ id: "outbox_1", provider: "outbox" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: "contact",
      to: ["admin@storynest.example"],
      from: "StoryNest <stories@storynest.example>",
      replyTo: "ada@example.com",
    });
  });
});

describe("other templates", () => {
  it("links a story by slug when there is one, otherwise by book id", () => {
    expect(storyLink("https://storynest.example/", { slug: "moon-picnic", bookId: "abc123" })).toBe("https://storynest.example/story/moon-picnic");
    expect(storyLink("https://storynest.example", { slug: null, bookId: "abc123" })).toBe("https://storynest.example/youraistory/abc123");
    expect(storyLink("https://storynest.example", {})).toBeNull();
  });

  it("names the order and the credit balance in the purchase e-mail", async () => {
    const mail = await planPurchaseEmail({
      fullName: "Ada",
      orderId: "SN-1001",
      creditBalance: 12,
      site: "https://storynest.example",
      orderUrl: "https://storynest.example/order/1",
      receipt: { ...RECEIPT, providerReceiptUrl: "javascript:alert(1)" },
    });
    expect(mail.subject).toBe("Thank you for your StoryNest order SN-1001");
    expect(mail.text).toContain("Your credit balance is now 12.");
    // a provider's receipt address that is not http(s) never becomes a link
    expect(mail.html).not.toContain("javascript:");
  });

  it("flattens a value that goes into a header onto one short line", () => {
    expect(oneLine("a\r\nb\tc", 80)).toBe("a b c");
    expect(oneLine("x".repeat(100), 10)).toHaveLength(10);
  });
});
