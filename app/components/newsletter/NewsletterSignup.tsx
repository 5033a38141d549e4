import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type Ref } from "react";
import { PlainLink } from "~/components/ui/PlainLink";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { NEWSLETTER_EMAIL_MAX, signupAnchor, signupBack, signupStatusFrom, type SignupForm, type SignupStatus } from "~/domain/newsletter";
import { signupLook, submitLabel, type SignupAnswer } from "./signup-look";

/** The line under the heading: what the newsletter is, and that a confirmation comes first. */
export const NEWSLETTER_PROMISE = "Reading ideas, new story themes and StoryNest news, about once a month. We send you a confirmation e-mail first.";

const TONES = {
  dark: { heading: "text-sun", text: "text-cream/90", label: "text-cream", link: "text-cream underline hover:text-white" },
  light: { heading: "text-ink", text: "text-ink-soft", label: "text-ink", link: "text-plum underline hover:text-ink" },
} as const;

/**
 * The newsletter sign-up: one labelled e-mail field and a Subscribe button. Without JavaScript it
 * is a plain form posting to /newsletter, which sends the browser back here with the result in the
 * address (`?newsletter=sent#newsletter`); with JavaScript it posts in place and shows the result
 * here, moving focus to the field when something is wrong with it.
 */
export function NewsletterSignup(props: NewsletterSignupLook) {
  const { form } = props;
  const fetcher = useFetcher<SignupAnswer>({ key: `newsletter-${form}` });
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const status = fetcher.data?.status ?? signupStatusFrom(location.search, form);
  const id = signupAnchor(form);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && signupLook(fetcher.data.status, id).failed) input.current?.focus();
  }, [fetcher.state, fetcher.data, id]);

  return (
    <NewsletterSignupView
      {...props}
      status={status}
      busy={fetcher.state !== "idle"}
      hydrated={hydrated}
      back={signupBack(location.pathname, location.search)}
      Form={fetcher.Form}
      Link={Link}
      inputRef={input}
    />
  );
}

interface NewsletterSignupLook {
  /** which form this is (the subscription's source, the anchor the browser comes back to) */
  form: SignupForm;
  tone?: keyof typeof TONES;
  title?: string;
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The sign-up as drawn from what it shows, without the router: `Form` and `Link` are the router's
 * in the browser, or a plain form and link for markup drawn once on the server (the footer's).
 */
export function NewsletterSignupView({
  form,
  tone = "light",
  title = "Our newsletter",
  headingLevel = 2,
  className,
  status,
  busy,
  hydrated,
  back,
  Form,
  Link: LinkTo,
  inputRef,
}: NewsletterSignupLook & {
  status: SignupStatus | null;
  busy: boolean;
  hydrated: boolean;
  /** where /newsletter sends a browser without JavaScript back to */
  back: string;
  Form: ReturnType<typeof useFetcher>["Form"] | "form";
  Link: typeof Link | typeof PlainLink;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = signupAnchor(form);
  const look = TONES[tone];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const shown = signupLook(status, id);

  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-24", className)} data-testid={`newsletter-${form}`}>
      <Heading id={`${id}-title`} className={cn("font-display text-lg font-semibold", look.heading)}>
        {title}
      </Heading>
      <p id={`${id}-promise`} className={cn("mt-1 max-w-md text-base leading-relaxed", look.text)}>
        {NEWSLETTER_PROMISE}{" "}
        <LinkTo to="/privacy#you" className={cn("inline-flex min-h-6 font-semibold underline-offset-2", look.link)}>
          How we keep your address
        </LinkTo>
      </p>
      <Form method="post" action="/newsletter" className="mt-3" noValidate={hydrated}>
        <input type="hidden" name="form" value={form} />
        <input type="hidden" name="back" value={back} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <label htmlFor={`${id}-email`} className={cn("block text-base font-semibold", look.label)}>
          {/* not "e-mail address": the contact and account forms' labels stay the only ones with those words */}
          Your e-mail
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <input
            ref={inputRef}
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={NEWSLETTER_EMAIL_MAX}
            aria-invalid={shown.invalid ? true : undefined}
            aria-describedby={shown.describedBy}
            className={cn(
              "block min-h-12 w-full min-w-0 flex-1 rounded-2xl border-2 bg-paper px-4 text-base text-ink placeholder:text-ink-soft/70 focus:border-plum focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun",
              shown.border,
            )}
          />
          <button type="submit" disabled={busy} className={buttonClass("primary", "md", "shrink-0 sm:w-auto")}>
            {submitLabel(busy)}
          </button>
        </div>
        <p
          id={`${id}-status`}
          role="status"
          className={cn("mt-3 rounded-2xl text-base leading-relaxed text-ink empty:hidden", shown.box)}
          data-status={status ?? undefined}
        >
          {shown.text}
        </p>
      </Form>
    </section>
  );
}
