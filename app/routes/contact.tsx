import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ButtonLink, buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/Field";
import { ChevronDownIcon } from "~/components/ui/icons";
import { groupedCount } from "~/domain/dates";
import {
  CONTACT_TOPICS,
  EMPTY_CONTACT_VALUES,
  HONEYPOT_FIELD,
  MESSAGE_MAX,
  MESSAGE_MIN,
  NAME_MAX,
  firstInvalidField,
  isHoneypotFilled,
  readContactValues,
  validateContact,
  type ContactField,
  type ContactFieldErrors,
  type ContactValues,
} from "~/domain/contact/schema";
import { sendContactMessage } from "~/services/email/contact.server";
import { createEmailRequests, EMAIL_REQUEST_MESSAGES } from "~/services/email/requests.server";
import { clientKey } from "~/services/auth/identity.server";
import { isEmailSendError } from "~/services/email/types";

export const RESPONSE_TIME = "within two working days";
const SENT_URL = "/contact?sent=1";
const SEND_FAILED =
  "We're so sorry: your message couldn't be sent just now. Nothing is lost, everything you wrote is still here. Please try again in a few minutes.";
const UNREADABLE = "We couldn't read that form. Please fill it in and send it again.";

export const meta: MetaFunction = () => [
  { title: "Contact us · StoryNest" },
  { name: "description", content: `Questions about a storybook, credits or your child's data? Write to the StoryNest team: we reply ${RESPONSE_TIME}.` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/** A refused message says when to try again (Retry-After from the action). */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : loaderHeaders;
};

type ActionData = { values: ContactValues; errors: ContactFieldErrors; formError: string | null };

export async function action({ request, context }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionData>({ values: EMPTY_CONTACT_VALUES, errors: {}, formError: UNREADABLE }, { status: 400 });
  }
  // A bot filled the field people never see: it is told the message went out, and nothing is sent.
  if (isHoneypotFilled(form)) {
    context.log.info("contact honeypot hit");
    return redirect(SENT_URL);
  }
  const values = readContactValues(form);
  const result = validateContact(values);
  if (!result.ok) return data<ActionData>({ values, errors: result.errors, formError: null }, { status: 400 });
  // The same five messages an hour per client address as the contact mode of POST /api/send-email.
  const allowed = await createEmailRequests(context.services).contactAllowed(clientKey(request, context.identity.visitorId));
  if (!allowed.ok)
    return data<ActionData>(
      { values, errors: {}, formError: EMAIL_REQUEST_MESSAGES["contact-limit"] },
      { status: 429, headers: { "Retry-After": String(allowed.retryAfterS) } },
    );
  try {
    await sendContactMessage(context.services.email, context.env.secrets, result.data);
  } catch (error) {
    if (!isEmailSendError(error)) throw error;
    context.log.error("contact message not sent", { provider: error.provider, reason: error.reason, detail: error.detail });
    return data<ActionData>({ values, errors: {}, formError: SEND_FAILED }, { status: 502 });
  }
  return redirect(SENT_URL);
}

export default function Contact() {
  const { sent } = useLoaderData<typeof loader>();
  // Phones read top to bottom: welcome, then the form (or the thank-you), then the details.
  // Wide screens put the welcome and the details on the left and the form beside them.
  return (
    <div className="relative overflow-hidden">
      <Decorations />
      <div className="relative mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:py-14 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:grid-rows-[auto_1fr] lg:gap-x-14 lg:py-20">
        <Welcome />
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">{sent ? <ThankYou /> : <ContactForm />}</div>
        <Details />
      </div>
    </div>
  );
}

function Decorations() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      <div className="absolute -left-24 -top-24 h-72 w-72 rounded-full bg-sun/25 blur-3xl" />
      <div className="absolute -right-20 top-40 h-80 w-80 rounded-full bg-lavender/25 blur-3xl" />
      <div className="absolute bottom-0 left-1/3 h-64 w-64 rounded-full bg-mint/20 blur-3xl" />
    </div>
  );
}

function Welcome() {
  return (
    <header className="lg:col-start-1 lg:row-start-1">
      <p className="inline-flex items-center gap-2 rounded-full bg-paper px-4 py-1.5 text-sm font-semibold text-plum shadow-sm">
        <span aria-hidden="true">💌</span> We read every message
      </p>
      <h1 className="mt-5 text-4xl font-semibold leading-tight text-ink sm:text-5xl">We'd love to hear from you</h1>
      <p className="mt-4 max-w-prose text-lg leading-relaxed text-ink-soft">
        A question about a storybook, your credits, or how we look after your child's pictures and details? Write to us here. A real person from our small team
        reads every message and answers by e-mail {RESPONSE_TIME}.
      </p>
    </header>
  );
}

function Details() {
  return (
    <section aria-label="More about getting in touch" className="lg:col-start-1 lg:row-start-2">
      <ul className="grid gap-4">
        <InfoCard icon="💬" tint="bg-sky/30" title="How to reach us">
          Use the form on this page. Your message goes straight to the StoryNest team, and our answer arrives in your inbox.
        </InfoCard>
        <InfoCard icon="⏰" tint="bg-sun/35" title="When we'll answer">
          We reply {RESPONSE_TIME}, Monday to Friday, and usually much sooner.
        </InfoCard>
        <InfoCard icon="📖" tint="bg-mint/35" title="Quick answers">
          Many questions about making and reading stories are already answered in our{" "}
          <Link to="/faq" className="font-semibold text-plum underline underline-offset-2 hover:text-ink">
            frequently asked questions
          </Link>
          .
        </InfoCard>
      </ul>
    </section>
  );
}

function InfoCard({ icon, tint, title, children }: { icon: string; tint: string; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-3xl bg-paper/80 p-5 shadow-sm ring-1 ring-ink/5">
      <span aria-hidden="true" className={cn("flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl text-2xl", tint)}>
        {icon}
      </span>
      <div>
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        <p className="mt-1 leading-relaxed text-ink-soft">{children}</p>
      </div>
    </li>
  );
}

function ThankYou() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="thanks-title"
      className="rounded-[2rem] bg-paper p-6 text-center shadow-lg ring-1 ring-ink/5 sm:p-10"
      data-testid="contact-thanks"
    >
      <p aria-hidden="true" className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-mint/40 text-4xl">
        💌
      </p>
      <h2 id="thanks-title" ref={heading} tabIndex={-1} className="mt-5 text-3xl font-semibold text-ink focus:outline-none">
        Thank you! Your message is on its way.
      </h2>
      <p className="mx-auto mt-3 max-w-md text-lg leading-relaxed text-ink-soft">
        We'll answer {RESPONSE_TIME} at the e-mail address you gave us. If you can't find our reply, have a peek in your spam folder.
      </p>
      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <ButtonLink to="/" size="lg" className="whitespace-nowrap">
          Back to the home page
        </ButtonLink>
        <ButtonLink to="/contact" variant="secondary" size="lg" className="whitespace-nowrap">
          Send another message
        </ButtonLink>
      </div>
    </section>
  );
}

const inputClass =
  "block w-full rounded-2xl border-2 bg-cream/50 px-4 text-base text-ink placeholder:text-ink-soft/70 transition-colors focus:border-plum focus:bg-paper focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum";

function ContactForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact") === true;
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<ContactFieldErrors | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const values = actionData?.values ?? EMPTY_CONTACT_VALUES;
  const [messageLength, setMessageLength] = useState(values.message.length);
  const errors: ContactFieldErrors = clientErrors ?? actionData?.errors ?? {};
  const formError = clientErrors ? null : (actionData?.formError ?? null);
  const hasFieldErrors = Object.keys(errors).length > 0;

  useEffect(() => setHydrated(true), []);

  // After the server answers with errors, move focus to the first field at fault (or the alert).
  useEffect(() => {
    if (!actionData) return;
    const field = firstInvalidField(actionData.errors);
    if (field) focusField(formRef.current, field);
    else if (actionData.formError) alertRef.current?.focus();
  }, [actionData]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = validateContact(readContactValues(new FormData(form)));
    if (result.ok) {
      setClientErrors(null);
      return; // Remix submits it; the server validates again and sends.
    }
    event.preventDefault();
    setClientErrors(result.errors);
    const field = firstInvalidField(result.errors);
    if (field) focusField(form, field);
  }

  // Once a field has an error, checking it again as the person types lets the message go away.
  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name === "message") setMessageLength(target.value.length);
    const name = target.name as ContactField;
    if (!errors[name]) return;
    const result = validateContact(readContactValues(new FormData(event.currentTarget)));
    const next = { ...errors };
    if (result.ok || !result.errors[name]) delete next[name];
    else next[name] = result.errors[name];
    setClientErrors(next);
  }

  return (
    <section aria-labelledby="form-title" className="rounded-[2rem] bg-paper p-5 shadow-lg ring-1 ring-ink/5 sm:p-8">
      <h2 id="form-title" className="text-2xl font-semibold text-ink sm:text-3xl">
        Send us a message
      </h2>
      <p className="mt-1 text-ink-soft">Every field is needed so we can help you well.</p>

      {formError || hasFieldErrors ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="mt-5 flex gap-3 rounded-2xl border-2 border-coral-dark/30 bg-coral/10 p-4 text-ink focus:outline-none"
          data-testid="contact-alert"
        >
          <span aria-hidden="true" className="text-xl">
            {formError ? "🌧️" : "✏️"}
          </span>
          <p className="leading-relaxed">{formError ?? "A few things need a second look. Please check the fields marked below."}</p>
        </div>
      ) : null}

      <Form
        ref={formRef}
        method="post"
        action="/contact"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="mt-6 grid gap-5"
        aria-labelledby="form-title"
      >
        <Field idPrefix="contact" size="md" required name="name" label="Your name" error={errors.name}>
          {(a) => (
            <input {...a} type="text" autoComplete="name" maxLength={NAME_MAX} defaultValue={values.name} className={cn(inputClass, "min-h-13", a.className)} />
          )}
        </Field>

        <Field idPrefix="contact" size="md" required name="email" label="Your e-mail address" hint="We only use it to answer you." error={errors.email}>
          {(a) => (
            <input
              {...a}
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              defaultValue={values.email}
              className={cn(inputClass, "min-h-13", a.className)}
            />
          )}
        </Field>

        <Field idPrefix="contact" size="md" required name="topic" label="What is it about?" error={errors.topic}>
          {(a) => (
            <div className="relative">
              <select {...a} defaultValue={values.topic} className={cn(inputClass, "min-h-13 appearance-none pr-12", a.className)}>
                <option value="">Choose a topic</option>
                {CONTACT_TOPICS.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
              <ChevronDownIcon className="pointer-events-none absolute right-4 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-soft" />
            </div>
          )}
        </Field>

        <Field
          idPrefix="contact"
          size="md"
          required
          name="message"
          label="Your message"
          hint={`Tell us as much as you like, from ${MESSAGE_MIN} to ${groupedCount(MESSAGE_MAX)} characters.`}
          error={errors.message}
          extra={
            hydrated ? (
              <span className={cn("text-sm tabular-nums", messageLength > MESSAGE_MAX ? "font-semibold text-coral-dark" : "text-ink-soft")} aria-live="off">
                {groupedCount(messageLength)} / {groupedCount(MESSAGE_MAX)}
              </span>
            ) : null
          }
        >
          {(a) => (
            <textarea
              {...a}
              rows={7}
              maxLength={MESSAGE_MAX}
              defaultValue={values.message}
              className={cn(inputClass, "min-h-40 py-3 leading-relaxed", a.className)}
            />
          )}
        </Field>

        {/* People never see this field; bots that fill every input give themselves away. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
          <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm leading-relaxed text-ink-soft">
            Read how we look after your details in our{" "}
            <Link to="/privacy" className="font-semibold text-plum underline underline-offset-2 hover:text-ink">
              privacy notice
            </Link>
            .
          </p>
          <button type="submit" disabled={sending} className={buttonClass("primary", "lg", "w-full shrink-0 sm:w-auto")}>
            {sending ? (
              <>
                <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-white/40 border-t-white" />
                Sending…
              </>
            ) : (
              <>
                Send message <span aria-hidden="true">✉️</span>
              </>
            )}
          </button>
        </div>
      </Form>
    </section>
  );
}

function focusField(form: HTMLFormElement | null, field: ContactField) {
  const el = form?.elements.namedItem(field);
  if (el instanceof HTMLElement) el.focus();
}
