import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ContentPage, Section } from "~/components/layout/ContentPage";
import { LEGAL_UPDATED } from "~/domain/content/legal";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta("Cookie policy", "The few cookies and the browser storage StoryNest uses, why, for how long, and how to accept, decline or change your choice.");

interface StorageItem {
  name: string;
  purpose: string;
  lasts: string;
}

const ESSENTIAL: StorageItem[] = [
  { name: "Sign-in session", purpose: "Keeps you signed in as you move between pages, so your library and credits are yours.", lasts: "Until you sign out, or after a period without visits" },
  { name: "Your cookie choice", purpose: "Remembers whether you chose Accept All or Decline, so we don't ask on every page.", lasts: "Until you clear it" },
  { name: "Book drafts and library copy", purpose: "Saves the book you are making (including a photo you added) and a copy of your library on your device, so pages load quickly and nothing is lost if the connection drops.", lasts: "Library copy 1 hour; drafts and older book data are tidied up after a day" },
  { name: "Browser id for your books", purpose: "Links the books you make to this browser before you create an account, so you can find them again. It is moved to your account when you sign in.", lasts: "Until you clear this site's data" },
  { name: "Preferred market", purpose: "Remembers the country and currency you chose for prices.", lasts: "Until you change it" },
  { name: "Nino's memories", purpose: "Lets Nino remember, on this device only, things like your child's favourite themes so conversations feel familiar.", lasts: "Until you clear this site's data" },
];

const ANALYTICS: StorageItem[] = [
  {
    name: "Visit statistics",
    purpose: "Counts which pages are visited, the screen size and the browser language, so we can see what helps families and what confuses them. Never used for advertising, never sold.",
    lasts: "Kept for 13 months, then deleted",
  },
];

function StorageList({ items }: { items: StorageItem[] }) {
  return (
    <ul className="list-plain grid gap-3">
      {items.map((item) => (
        <li key={item.name} className="rounded-2xl bg-cream p-4 ring-1 ring-ink/5">
          <p className="font-bold text-ink">{item.name}</p>
          <p className="mt-1 text-base text-ink-soft">{item.purpose}</p>
          <p className="mt-2 text-sm font-semibold text-ink-soft">
            <span className="text-ink">How long:</span> {item.lasts}
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function Cookies() {
  return (
    <ContentPage
      eyebrow="Cookie policy"
      title="Cookies, kept to a minimum"
      tone="sun"
      updated={`Last updated ${LEGAL_UPDATED}`}
      lede="StoryNest uses a few cookies and some storage in your browser to work properly, and, only if you say yes, simple visit statistics. No advertising cookies, ever."
    >
      <Section id="what" title="What cookies and browser storage are">
        <p>
          Cookies are small pieces of text a website saves in your browser. Browser storage (sometimes called local storage) works the same way but can hold a little more, such as a book you are in the middle of making. We use both, and this page calls them all "cookies" to keep things simple.
        </p>
      </Section>
      <Section id="choice" title="Your choice">
        <p>On your first visit a banner at the bottom of the page asks what you would like:</p>
        <ul>
          <li>
            <strong>Accept All</strong> turns on visit statistics as well as the essential cookies.
          </li>
          <li>
            <strong>Decline</strong> keeps only the essential cookies. Everything on StoryNest still works.
          </li>
          <li>
            <strong>Close</strong> hides the banner without deciding. Until you choose, no visit statistics are collected, and we will ask again on your next visit.
          </li>
        </ul>
        <p>
          To change your mind later, clear the cookies and site data for StoryNest in your browser's settings. The banner will then ask again.
        </p>
      </Section>
      <Section id="essential" title="Essential cookies (always on)">
        <p>These are needed for StoryNest to work, so they don't need your consent. None of them are used to track you on other websites.</p>
        <StorageList items={ESSENTIAL} />
      </Section>
      <Section id="analytics" title="Visit statistics (only if you accept)">
        <StorageList items={ANALYTICS} />
        <p>Statistics are only collected on the live StoryNest website, never while we test it on our own computers.</p>
      </Section>
      <Section id="none" title="What we never use">
        <p>
          No advertising or retargeting cookies, no social-media tracking pixels and no selling of data. Payments are handled on our payment provider's pages, which may set their own essential cookies to prevent fraud.
        </p>
      </Section>
      <Section id="more" title="More information">
        <p>
          Our <Link to="/privacy">privacy policy</Link> explains everything we keep about you and your child. If you have a question about cookies, please <Link to="/contact">get in touch</Link>.
        </p>
      </Section>
    </ContentPage>
  );
}
