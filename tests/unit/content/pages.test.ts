import { describe, expect, it } from "vitest";
import { contentsLabel, parseHeading, parsePageSource } from "~/domain/content/pages";
import { getPost, listPosts } from "~/services/content/blog.server";
import { renderMarkdown } from "~/services/content/markdown.server";
import { buildFaqPage, buildInfoPage, getFaqPage, getInfoPage, INFO_PAGE_SLUGS } from "~/services/content/pages.server";

const FRONT = {
  title: "Terms of use",
  description: "A description of the page that is long enough for search engines to show.",
  eyebrow: "The small print",
  heading: "Terms of use",
  lede: "These terms are the agreement between you and us, see [privacy](/privacy).",
  tone: "lavender",
};

const file = (fm: Record<string, string>, body: string) =>
  `---\n${Object.entries(fm)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n")}\n---\n${body}`;

describe("a page's Markdown file", () => {
  it("reads the front matter and names the page after its file", () => {
    const source = parsePageSource(
      "/content/pages/terms.md",
      file({ ...FRONT, updated: "2026-11-24", contents: "yes", art: "shield" }, "## One {#one}\n\nText."),
    );
    expect(source).toMatchObject({
      slug: "terms",
      heading: "Terms of use",
      tone: "lavender",
      updated: "Last updated 24 November 2026",
      art: "shield",
      contents: true,
    });
  });

  it("refuses a page with missing or malformed front matter, naming the file and the field", () => {
    const { tone: _tone, ...noTone } = FRONT;
    expect(() => parsePageSource("/content/pages/terms.md", file(noTone, "## One {#one}\n\nText."))).toThrow(/terms\.md.*tone/);
    expect(() => parsePageSource("/content/pages/terms.md", file({ ...FRONT, updated: "2026-02-30" }, "## One {#one}\n\nText."))).toThrow(/updated/);
    expect(() => parsePageSource("/content/pages/terms.md", file(FRONT, "  "))).toThrow(/no text/);
  });

  it("reads a heading's anchor and attributes, and refuses a heading without an anchor", () => {
    expect(parseHeading("1. About these terms {#about}")).toEqual({ title: "1. About these terms", id: "about", attributes: {} });
    expect(parseHeading("Making a book {#faq-read icon=read}")).toEqual({ title: "Making a book", id: "faq-read", attributes: { icon: "read" } });
    expect(() => parseHeading("About these terms")).toThrow(/\{#some-id\}/);
    expect(contentsLabel("11. Stopping and deleting your books")).toBe("Stopping and deleting your books");
    expect(contentsLabel("Who can see it")).toBe("Who can see it");
  });

  it("cuts a page into sections at its ## headings, with the contents list when asked", () => {
    const source = parsePageSource(
      "/content/pages/terms.md",
      file({ ...FRONT, contents: "yes" }, "## 1. One {#one}\n\nFirst *text*.\n\n### A detail\n\nMore.\n\n## 2. Two {#two}\n\n- a\n- b\n"),
    );
    const page = buildInfoPage(source);
    expect(page.sections.map((s) => [s.id, s.title])).toEqual([
      ["one", "1. One"],
      ["two", "2. Two"],
    ]);
    expect(page.sections[0].html).toContain("<p>First <em>text</em>.</p>");
    expect(page.sections[0].html).toContain("<h3>A detail</h3>");
    expect(page.contents).toEqual([
      { id: "one", label: "One" },
      { id: "two", label: "Two" },
    ]);
    expect(page.ledeHtml).toBe('These terms are the agreement between you and us, see <a href="/privacy">privacy</a>.');
  });

  it("refuses text outside a section, a second h1 and an anchor used twice", () => {
    const build = (body: string) => buildInfoPage(parsePageSource("/content/pages/terms.md", file(FRONT, body)));
    expect(() => build("Loose words.\n\n## One {#one}\n\nText.")).toThrow(/under a '## Title \{#id\}' heading/);
    expect(() => build("# Another title\n\n## One {#one}\n\nText.")).toThrow(/at least level 2/);
    expect(() => build("## One {#one}\n\nText.\n\n## Two {#one}\n\nText.")).toThrow(/#one is used twice/);
  });

  it("cuts the FAQ into groups of questions and counts them in the lede", () => {
    const source = parsePageSource(
      "/content/pages/faq.md",
      file(
        { ...FRONT, lede: "The {questions} questions we hear most." },
        "## Books {#g-books icon=read}\n\n### Why? {#why}\n\nBecause.\n\n### How? {#how}\n\nLike this.\n\n## Nino {#g-nino icon=chat}\n\n### Who? {#who}\n\nA bird.\n",
      ),
    );
    const faq = buildFaqPage(source);
    expect(faq.ledeHtml).toBe("The 3 questions we hear most.");
    expect(faq.groups.map((g) => [g.id, g.icon, g.questions.map((q) => q.id)])).toEqual([
      ["g-books", "read", ["why", "how"]],
      ["g-nino", "chat", ["who"]],
    ]);
    expect(faq.groups[1].questions[0]).toEqual({ id: "who", question: "Who?", html: "<p>A bird.</p>\n" });
  });

  it("refuses a FAQ group without an icon and a question without an answer", () => {
    const build = (body: string) => buildFaqPage(parsePageSource("/content/pages/faq.md", file(FRONT, body)));
    expect(() => build("## Books {#books}\n\n### Why? {#why}\n\nBecause.")).toThrow(/needs an icon/);
    expect(() => build("## Books {#books icon=read}\n\n### Why? {#why}\n\n### How? {#how}\n\nLike this.")).toThrow(/'Why\?' has no answer/);
  });
});

describe("the Markdown renderer", () => {
  it("draws a list whose items open with a bold line as cards, and any other list as a list", () => {
    const cards = renderMarkdown("- **Photo (optional)**\\\n  To draw your child.\\\n  **How long:** a year\n- **Voice**\\\n  Never stored.\n");
    expect(cards).toContain('<ul class="list-plain grid gap-3">');
    expect(cards).toContain(
      '<li class="rounded-2xl bg-cream p-4 ring-1 ring-ink/5"><p class="font-bold text-ink">Photo (optional)</p><p class="mt-1 text-base text-ink-soft">To draw your child.</p><p class="mt-1 text-base text-ink-soft"><strong>How long:</strong> a year</p></li>',
    );

    const list = renderMarkdown("- **Your account:** your e-mail address\n- plain words\n");
    expect(list).toBe("<ul>\n<li><strong>Your account:</strong> your e-mail address</li>\n<li>plain words</li>\n</ul>\n");
  });
});

// The pages say only what StoryNest does today. Each phrase below promises something that does not
// exist (a family plan, posted books); the change that builds the feature takes its line out.
// Prices, payments, orders, refunds, the monthly plan, the e-mails about books, the newsletter,
// sharing a book with family and visit statistics (only after Accept All) exist, and the pages
// describe them.
const PROMISES: ReadonlyArray<[string, RegExp]> = [
  ["family sharing", /family sharing|family plan/i],
  ["printed books by post", /free shipping|we (post|ship|deliver) (a|the|your) printed/i],
  ["receipts from StoryNest", /receipt/i],
];

function text(html: string): string {
  return html.replace(/<[^>]+>/g, " ");
}

describe("the help and legal pages in content/pages", () => {
  const KNOWN: Record<(typeof INFO_PAGE_SLUGS)[number], { heading: string; section: string; sentence: string }> = {
    terms: {
      heading: "Terms of use",
      section: "6. Credits, prices and payments",
      sentence: "Books are made with credits, and a book uses 1 credit. A new browser gets 1 free credit",
    },
    privacy: { heading: "Your child's privacy comes first", section: "How long we keep it", sentence: "deleted 30 days after its last message" },
    returns: { heading: "Refunds and returns", section: "Our promise", sentence: "You never pay for a book you did not get." },
    cookies: {
      heading: "Cookies, kept to a minimum",
      section: "Essential cookies (always on)",
      sentence: "StoryNest counts visits itself, on its own servers",
    },
  };

  for (const slug of INFO_PAGE_SLUGS) {
    it(`${slug} renders its Markdown: the heading, a section and a known sentence`, () => {
      const page = getInfoPage(slug);
      expect(page.heading).toBe(KNOWN[slug].heading);
      expect(page.description.length).toBeGreaterThan(50);
      expect(page.sections.map((s) => s.title)).toContain(KNOWN[slug].section);
      expect(page.sections.map((s) => s.html).join("")).toContain(KNOWN[slug].sentence);
      expect(page.sections.map((s) => s.html).join("")).not.toMatch(/\{#|<h1|<script/);
    });
  }

  it("says what the newsletter keeps and how to leave it", () => {
    const you = getInfoPage("privacy").sections.find((s) => s.id === "you")!.html;
    expect(you).toContain("The newsletter, if you sign up:");
    expect(you).toMatch(/your e-mail address, your names if you give them, where you signed up .* when you signed up and confirmed/);
    expect(you).toContain("every newsletter has a link to leave it");
  });

  it("keeps the anchors of the sections", () => {
    expect(getInfoPage("terms").sections.map((s) => s.id)).toEqual([
      "about",
      "who",
      "your-content",
      "ai",
      "ownership",
      "payments",
      "nino",
      "fair-use",
      "service",
      "liability",
      "ending",
      "changes",
    ]);
    expect(getInfoPage("privacy").sections.map((s) => s.id)).toEqual(["summary", "child", "you", "use", "how-long", "who", "delete", "contact"]);
    expect(getInfoPage("terms").contents?.[0]).toEqual({ id: "about", label: "About these terms" });
    expect(getInfoPage("cookies").contents).toBeNull();
  });

  it("the privacy policy lists what is kept about a child as cards", () => {
    const child = getInfoPage("privacy").sections.find((s) => s.id === "child")!;
    for (const what of ["First name", "Photo (optional)", "Voice (only if your child talks to Nino)"])
      expect(child.html).toContain(`<p class="font-bold text-ink">${what}</p>`);
  });

  it("the FAQ has at least ten questions in four groups, each with an answer", () => {
    const faq = getFaqPage();
    expect(faq.groups.map((g) => g.icon)).toEqual(["read", "heart", "lock", "chat"]);
    const questions = faq.groups.flatMap((g) => g.questions);
    expect(questions.length).toBeGreaterThanOrEqual(10);
    expect(faq.ledeHtml).toContain(`The ${questions.length} questions parents ask us most`);
    expect(questions.find((q) => q.id === "buying")).toMatchObject({ question: "Can I buy more credits?" });
    expect(questions.find((q) => q.id === "buying")!.html).toContain("Credits never expire");
    expect(questions.find((q) => q.id === "currency")!.html).toContain("The amount you pay is exactly the amount shown, in that currency.");
  });

  it("link only to pages of the site (or a section of the same page)", () => {
    const html = [...INFO_PAGE_SLUGS.map((s) => getInfoPage(s)), getFaqPage()].map((p) => JSON.stringify(p)).join("");
    const hrefs = [...html.matchAll(/href=\\"([^"\\]+)\\"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) expect(href).toMatch(/^(\/[a-z]|#[a-z])/);
  });

  it("promise nothing that does not exist yet, and neither do the blog posts", () => {
    const pages = [
      ...INFO_PAGE_SLUGS.map((s) => {
        const p = getInfoPage(s);
        return { name: s, words: [p.title, p.description, p.ledeHtml, ...p.sections.flatMap((x) => [x.title, x.html])].join("\n") };
      }),
      (() => {
        const p = getFaqPage();
        return {
          name: "faq",
          words: [p.title, p.description, p.ledeHtml, ...p.groups.flatMap((g) => [g.title, ...g.questions.flatMap((q) => [q.question, q.html])])].join("\n"),
        };
      })(),
      ...listPosts().map((s) => {
        const post = getPost(s.slug)!;
        return { name: `blog/${s.slug}`, words: [post.title, post.description, post.html].join("\n") };
      }),
    ];
    for (const page of pages) {
      for (const [promise, pattern] of PROMISES) expect(text(page.words), `${page.name} promises ${promise}`).not.toMatch(pattern);
    }
  });
});
