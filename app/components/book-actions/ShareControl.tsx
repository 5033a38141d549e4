import { lazy, Suspense, useRef, useState, type ComponentProps } from "react";
import { ShareIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/Button";
import type { BookView } from "~/domain/story/book-view";

const loadDialog = () => import("./ShareDialog");
/** The dialog's code (and the share API's checks) is fetched when the parent reaches for the button, not with the reader. */
type DialogProps = ComponentProps<typeof import("./ShareDialog").ShareDialog>;
const ShareDialog = lazy(() =>
  loadDialog().then(
    (m): { default: (props: DialogProps) => JSX.Element | null } => ({ default: m.ShareDialog }),
    // offline when first opened: said where the dialog would be, and tried again on the next page
    () => ({ default: ShareUnavailable }),
  ),
);

function ShareUnavailable({ open }: DialogProps) {
  return open ? (
    <p role="alert" className="w-full text-center text-ink">
      Sharing could not be opened just now. Please check your connection and reload the page.
    </p>
  ) : null;
}

/**
 * Share: the button under the reader; the dialog with two ways to share a finished book (family by
 * e-mail, a public link) is ShareDialog, loaded on the first hover, focus or press.
 */
export function ShareControl({ book }: { book: BookView }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={buttonClass("secondary")}
        data-testid="share-open"
      >
        <ShareIcon width={20} height={20} aria-hidden="true" />
        Share this book
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <ShareDialog book={book} open={open} setOpen={setOpen} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
