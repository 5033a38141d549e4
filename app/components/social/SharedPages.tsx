import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LostIllustration } from "~/components/layout/illustrations";
import { buttonClass } from "~/components/ui/Button";

/**
 * The words of /shared/{code} when it does not show the book: sign in first, another account, an
 * expired or stopped share, an unknown link. None of them shows anything of the book (no title, no
 * picture, no name but the masked address the share was sent to).
 */
export type SharedNotOpen =
  { state: "sign-in"; maskedEmail: string } | { state: "other-account" } | { state: "expired" } | { state: "revoked" } | { state: "not-found" };

const WORDS: Record<SharedNotOpen["state"], { title: string; text: string }> = {
  "sign-in": {
    title: "Sign in to read this book",
    text: "A family member shared a StoryNest book with you. It is private: only the person it was shared with can read it, once signed in.",
  },
  "other-account": {
    title: "This book was shared with another e-mail address",
    text: "You are signed in with an account whose e-mail address is not the one this book was shared with. Sign out and sign in with the address the e-mail was sent to, or ask your family member to share it with this account's address.",
  },
  expired: {
    title: "This share has expired",
    text: "A shared book can be read for 7 days. Ask the family member who shared it to share it with you again: you will get a new e-mail with a new link.",
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

export function SharedNotice({ notice, signIn, signedIn }: { notice: SharedNotOpen; signIn: string; signedIn: boolean }) {
  const words = WORDS[notice.state];
  let actions: ReactNode;
  if (notice.state === "sign-in") {
    actions = (
      <>
        <Link to={signIn} className={buttonClass("primary", "lg")} data-testid="shared-sign-in-link">
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
