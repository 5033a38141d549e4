import { Link, useLocation } from "@remix-run/react";
import { cn } from "~/components/ui/cn";
import type { ChosenChild } from "~/domain/children/child";
import type { SavedChildren } from "./page-data";

/**
 * The story form's part for a parent with saved children (decision 054): "Who is this book for?",
 * each child a link that starts the form from them (or "Someone new"), and for the one chosen the
 * hidden field naming them and the companions who may come along. The server checks the child is
 * the parent's and takes its photo and look itself. Plain links and boxes, so it works before the
 * page's script runs; its code comes after the page's, as only these parents need it.
 */
export function SavedChildPart({ saved, ticked }: { saved: SavedChildren; ticked: readonly string[] | undefined }) {
  const location = useLocation();
  const { chosen } = saved;
  const linkTo = (childId: string | null) => {
    const params = new URLSearchParams(location.search);
    for (const key of ["child", "after", "same"]) params.delete(key);
    if (childId) params.set("child", childId);
    const search = params.toString();
    return search ? `${location.pathname}?${search}` : location.pathname;
  };
  const choice = (current: boolean) =>
    cn(
      "flex min-h-14 flex-col justify-center rounded-2xl border-2 px-4 py-2 font-bold transition-colors",
      "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
      current ? "border-plum bg-plum text-white" : "border-ink/15 bg-cream/50 text-ink hover:border-plum/50 hover:bg-lavender-soft",
    );

  return (
    <section aria-labelledby="saved-child-title" className="rounded-[1.75rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-7" data-testid="saved-children">
      <h2 id="saved-child-title" className="text-[1.55rem] font-semibold leading-tight text-ink sm:text-[1.75rem]">
        Who is this book for?
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {saved.choices.map((c) => (
          <li key={c.id}>
            <Link to={linkTo(c.id)} replace preventScrollReset className={choice(chosen?.id === c.id)} aria-current={chosen?.id === c.id ? "true" : undefined}>
              <span className="text-lg">{c.name}</span>
              <span className={cn("text-sm font-semibold", chosen?.id === c.id ? "text-white/85" : "text-ink-soft")}>{c.age}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={linkTo(null)} replace preventScrollReset className={choice(!chosen)} aria-current={chosen ? undefined : "true"}>
            <span className="text-lg">Someone new</span>
            <span className={cn("text-sm font-semibold", chosen ? "text-ink-soft" : "text-white/85")}>Type their details</span>
          </Link>
        </li>
      </ul>
      {chosen ? <Chosen chosen={chosen} ticked={ticked ?? chosen.ticked} /> : null}
    </section>
  );
}

function Chosen({ chosen, ticked }: { chosen: ChosenChild; ticked: readonly string[] }) {
  return (
    <div className="mt-5 grid gap-4">
      <input type="hidden" name="savedChild" value={chosen.id} />
      <p className="text-ink-soft">
        {`${chosen.name}'s name, age and look are filled in from ${chosen.name}'s saved details.`}
        {chosen.likes ? ` The story can bring in what ${chosen.name} loves: ${chosen.likes}.` : null}
      </p>
      {chosen.companions.length > 0 ? (
        <fieldset>
          <legend className="text-[1.0625rem] font-bold text-ink">{`Who may join ${chosen.name} in this book?`}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {chosen.companions.map((c) => (
              <label key={c.id} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl bg-cream/60 px-4 font-semibold text-ink">
                <input type="checkbox" name="companion" value={c.id} defaultChecked={ticked.includes(c.id)} className="size-5 shrink-0 accent-coral" />
                <span>
                  {c.name} <span className="font-normal text-ink-soft">{`(${c.label.toLowerCase()})`}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <p>
        <Link
          to={`/myaccount/children/${chosen.id}`}
          className="font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum"
        >{`Change ${chosen.name}'s details`}</Link>
      </p>
    </div>
  );
}

/** The photo step for a saved child: the child's own photo and look are used, so the pictures show the same child in every book. */
export function SavedChildPhoto({ chosen }: { chosen: ChosenChild }) {
  return (
    <div className="rounded-2xl bg-mint-soft p-4 text-ink" data-testid="saved-child-photo">
      <p className="font-semibold">
        {chosen.photo
          ? `${chosen.name}'s saved photo and look are used, so the pictures show the same ${chosen.name} in every book.`
          : `No photo is saved for ${chosen.name}. The pictures still give ${chosen.name} the same look in every book.`}
      </p>
      <p className="mt-1">
        <Link to={`/myaccount/children/${chosen.id}`} className="font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">
          {chosen.photo ? "Change the photo" : `Add a photo of ${chosen.name}`}
        </Link>
      </p>
    </div>
  );
}
