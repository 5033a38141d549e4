import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LostIllustration } from "~/components/layout/illustrations";
import { buttonClass } from "~/components/ui/Button";
import { FreshLinkButton, OpenWithLink } from "./ShareLinkForms";

/**
 * The words of /shared/{code} when it does not show the book: sign in first, another account, an
 * expired or stopped share, an unknown link. None of them shows anything of the book (no title, no
 * picture, no name but the masked address the share was sent to).
 */
export type SharedNotOpen =
  | { state: "sign-in"; maskedEmail: string }
  | { state: "open-link"; maskedEmail: string; key: string }
  | { state: "link-used"; maskedEmail: string }
  | { state: "fresh-sent"; maskedEmail: string }
  | { state: "other-account" }
  | { state: "expired" }
  | { state: "revoked" }
  | { state: "not-found" };

const WORDS: Record<SharedNotOpen["state"], { title: string; text: string }> = {
  "sign-in": {
    title: "Sign in to read this book",
    text: "A family member shared a StoryNest book with you. It is private: only the person it was shared with can read it, once signed in.",
  },
  "open-link": {
    title: "Opening your book…",
    text: "A family member shared a StoryNest book with you. This link signs you in with the address it was sent to: no password needed.",
  },
  "link-used": {
    title: "This link has been used",
    text: "For your safety, the link in the e-mail opens the book once, on one device, and only for a while. We can e-mail a fresh link to the address the book was shared with.",
  },
  "fresh-sent": {
    title: "A fresh link is on its way",
    text: "Open the newest e-mail from StoryNest on this device and press its button: the book opens, and you are signed in. The link works for a day.",
  },
  "other-account": {
    title: "This book was shared with another e-mail address",
    text: "You are signed in with an account whose e-mail address is not the one this book was shared with. Sign out and sign in with the address the e-mail was sent to, or ask your family member to share it with this account's address.",
  },
  expired: {
    title: "This share has expired",
    text: "A shared book can be read for a year. Ask the family member who shared it to share it with you again: you will get a new e-mail with a new link.",
  },
  revoked: {
    title: "The owner stopped sharing this book",
    text: "The family member who shared this book has stopped sharing it, so the link no longer opens it. If you think that was a mistake, ask them to share it again.",
  },
  "not-found": {
    title: "We couldn't find this shared book",
    text: "The link may be incomplete (check that it was copied in full), or the book was deleted. Ask the family member who shared it to share it again.",
  },
};

const PROBLEMS = {
  "too-many": "We have sent several links already. Please wait an hour, or use the newest e-mail.",
  unreadable: "We couldn't read that. Please open the link in the e-mail again.",
} as const;

export function SharedNotice({
  notice,
  signIn,
  signedIn,
  problem = null,
}: {
  notice: SharedNotOpen;
  signIn: string;
  signedIn: boolean;
  problem?: keyof typeof PROBLEMS | null;
}) {
  const words = WORDS[notice.state];
  let actions: ReactNode;
  if (notice.state === "open-link") {
    actions = <OpenWithLink linkKey={notice.key} />;
  } else if (notice.state === "link-used" || notice.state === "fresh-sent") {
    actions = <FreshLinkButton label={notice.state === "fresh-sent" ? "Send it again" : "E-mail me a fresh link"} />;
  } else if (notice.state === "sign-in") {
    actions = (
      <>
        <FreshLinkButton label="E-mail me a link to open it" />
        <Link to={signIn} className={buttonClass("secondary", "lg")} data-testid="shared-sign-in-link">
          Sign in to read it
        </Link>
        <Link to={signIn.replace("/auth/login", "/auth/signup")} className={buttonClass("secondary", "lg")}>
          Create a free account
        </Link>
      </>
    );
  } else {
    actions = (
      <>
        <Link to={signedIn ? "/library" : "/"} className={buttonClass("primary", "lg")}>
          {signedIn ? "Go to your library" : "Back to the home page"}
        </Link>
        <Link to="/createstory" className={buttonClass("secondary", "lg")}>
          Make a story of your own
        </Link>
      </>
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 pb-16 pt-10 text-center sm:px-6 sm:pt-14" aria-labelledby="shared-title" data-testid={`shared-${notice.state}`}>
      <LostIllustration className="mx-auto w-full max-w-[16rem]" />
      <h1 id="shared-title" className="mt-4 text-4xl font-semibold sm:text-5xl">
        {words.title}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-soft">{words.text}</p>
      {notice.state === "link-used" || notice.state === "fresh-sent" || notice.state === "open-link" ? (
        <p className="mx-auto mt-3 max-w-xl text-lg text-ink">
          The book was shared with <strong data-testid="shared-masked-email">{notice.maskedEmail}</strong>.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mx-auto mt-3 max-w-xl font-semibold text-coral-dark">
          {PROBLEMS[problem]}
        </p>
      ) : null}
      {notice.state === "sign-in" ? (
        <p className="mx-auto mt-3 max-w-xl text-lg text-ink">
          Sign in with <strong data-testid="shared-masked-email">{notice.maskedEmail}</strong> to read it. No account with that address yet? Create one with it:
          the book will be waiting.
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}

/** Above a shared book: who shared it and until when it can be read. */
export function SharedBanner({ sharedByName, until, owner }: { sharedByName: string; until: string; owner: boolean }) {
  return (
    <p className="mx-auto mb-6 flex max-w-[64rem] items-start gap-3 rounded-3xl bg-sky/25 px-5 py-4 text-ink ring-1 ring-ink/5" data-testid="shared-banner">
      <span aria-hidden="true" className="text-xl leading-none">
        💌
      </span>
      <span>
        {owner
          ? `This is the page the person you shared this book with sees. Their link works until ${until}.`
          : `${sharedByName} shared this book with you. You can read it, react and comment until ${until}.`}
      </span>
    </p>
  );
}
