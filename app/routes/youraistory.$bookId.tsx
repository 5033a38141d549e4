import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { EMAIL_PDF_INTENT, type EmailPdfResult } from "~/components/book-actions/EmailPdf";
import { BookExperience } from "~/components/reader/BookExperience";
import { pageMeta } from "~/domain/content/meta";
import { isBookId } from "~/domain/ids";
import { resolveSite } from "~/domain/story/links";
import { maskEmail } from "~/domain/story/notify-email";
import { readerView } from "~/domain/story/book-view";
import { pageParam } from "~/domain/story/reader/navigation";
import { EMAIL_LINK_TTL_MS } from "~/services/email/links.server";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  // A book id is letters and digits; anything else is not a book.
  if (!isBookId(params.bookId)) throw new Response("Not found", { status: 404 });
  const {
    owner,
    services: { books },
  } = context;
  // Not found and not yours look the same: a book is private to the visitor who made it.
  const book = await books.get(owner, params.bookId);
  if (!book) throw new Response("Not found", { status: 404 });
  // a book of a saved child leads on to the child's next one
  const child = owner.kind === "profile" ? await context.services.children.ofBook(owner.userProfileId, book.bookId) : null;
  return { book: readerView(book), startPage: pageParam(new URL(request.url).searchParams.get("page")), child };
}

const PDF_LINK_DAYS = Math.round(EMAIL_LINK_TTL_MS["book-pdf"] / (24 * 60 * 60_000));

const EMAIL_PDF_WORDS = {
  "not-ready": "This book is still being made. You can have the PDF e-mailed as soon as every page is drawn.",
  failed: "We couldn't send the e-mail just now. Please try again in a few minutes.",
} as const;

/**
 * "E-mail me the PDF" (the only thing posted here): a link to the book's PDF, sent to the book's
 * own address (the account's confirmed address, or the one a visitor left when making it), never to
 * one named in the request. Only the owner's finished book; anyone else's is not found.
 */
export async function action({ params, context, request }: ActionFunctionArgs) {
  if (!isBookId(params.bookId)) throw new Response("Not found", { status: 404 });
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== EMAIL_PDF_INTENT) return data({ error: "Unknown request" }, { status: 400 });
  const site = resolveSite(context.env.secrets.WEBSITE_URL, request.url);
  const sent = await context.services.notifications.bookPdf(context.owner, params.bookId, site);
  if (!sent.ok) {
    if (sent.reason === "not-found") throw new Response("Not found", { status: 404 });
    const result: EmailPdfResult =
      sent.reason === "no-address"
        ? { intent: EMAIL_PDF_INTENT, ok: false, reason: "no-address", message: sent.message }
        : { intent: EMAIL_PDF_INTENT, ok: false, reason: "not-ready", message: EMAIL_PDF_WORDS["not-ready"] };
    return data(result, { status: sent.reason === "no-address" ? 422 : 409 });
  }
  if (sent.delivery.status === "failed") {
    context.log.warn("the PDF e-mail was refused by the provider", { bookId: params.bookId, delivery: sent.delivery.id });
    return data<EmailPdfResult>({ intent: EMAIL_PDF_INTENT, ok: false, reason: "failed", message: EMAIL_PDF_WORDS.failed }, { status: 502 });
  }
  return data<EmailPdfResult>({ intent: EMAIL_PDF_INTENT, ok: true, maskedEmail: maskEmail(sent.to), days: PDF_LINK_DAYS });
}

// Sending the PDF changes nothing the page shows: the book is not read again.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === EMAIL_PDF_INTENT ? false : defaultShouldRevalidate;
}

// A private, live page: never cached.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.book.title ?? "Your story", "Your personalised StoryNest book: read it together, turn the pages, or let the reader read it aloud."),
  { name: "robots", content: "noindex, nofollow" },
];

export default function YourAiStory() {
  const { book, startPage, child } = useLoaderData<typeof loader>();
  // A new book id (a client-side navigation) mounts a fresh reader.
  return <BookExperience key={book.bookId} initial={book} startPage={startPage} child={child} />;
}
