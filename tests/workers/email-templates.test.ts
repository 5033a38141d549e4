import { render } from "@react-email/components";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { confirmEmail } from "~/services/email/account-templates";
import { PdfReady } from "~/services/email/react/PdfReady";
import { contactEmail, storyReadyEmail } from "~/services/email/templates";

// The Worker renders e-mails in workerd, where React Email reaches React's streaming renderer
// through the react-dom/server.edge alias; this runs the same code there.
describe("e-mail templates inside workerd", () => {
  it("renders HTML and plain text", async () => {
    const mail = await storyReadyEmail({
      name: "<Sam>",
      title: "Mia and the Moon Picnic",
      childName: "Mia",
      coverUrl: "https://storynest.example/api/email/cover/c",
      firstPageText: "Mia packs a picnic for the moon.",
      creditsUsed: 1,
      creditsLeft: 4,
      link: "https://storynest.example/read/r",
      linkNote: null,
      unsubscribeUrl: "https://storynest.example/unsubscribe/u",
    });
    expect(navigator.userAgent).toBe("Cloudflare-Workers");
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<img alt="The cover of Mia and the Moon Picnic"');
    expect(mail.html).toContain("Hello &lt;Sam&gt;, the story starring Mia is ready to read.");
    expect(mail.text).toContain("Read the story https://storynest.example/read/r");
    expect(mail.text).toContain("Stop these e-mails https://storynest.example/unsubscribe/u");

    const account = await confirmEmail("https://storynest.example/auth/callback?token=t");
    expect(account.text).toContain("Confirm my address https://storynest.example/auth/callback?token=t");
    const contact = await contactEmail({ name: "Ada", email: "ada@example.com", topic: "billing", message: "Hello there, a question." }, new Date());
    expect(contact.text).toContain("From: Ada <ada@example.com>");
  });

  it("has no pretty-printer: prettier stays out of the Worker bundle", async () => {
    const element = createElement(PdfReady, { subject: "s", hello: "Hello,", title: "Mia", pdfUrl: null, linkNote: "n" });
    expect(await render(element)).toContain("The PDF of Mia is ready to download and print.");
    await expect(render(element, { pretty: true })).rejects.toThrow("Pretty-printing e-mails is not available in the Worker");
  });
});
