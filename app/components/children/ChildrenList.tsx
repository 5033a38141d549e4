import { Link } from "@remix-run/react";
import { Notice } from "~/components/account/AccountUi";
import { ButtonLink, buttonClass } from "~/components/ui/Button";
import { CHILDREN_FULL } from "~/domain/children/child";
import type { ChildCard } from "./page-data";

function Face({ child }: { child: ChildCard }) {
  if (child.photo)
    return <img src={child.photo} alt="" width={72} height={72} loading="lazy" className="size-18 shrink-0 rounded-2xl object-cover ring-1 ring-ink/10" />;
  return (
    <span aria-hidden="true" className="grid size-18 shrink-0 place-items-center rounded-2xl bg-lavender-soft font-display text-3xl font-semibold text-plum">
      {child.name.charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * The parent's saved children, each with the way to start a book from them and to change them, and
 * the way to save another (up to the limit).
 */
export function ChildrenList({ children, limit, deleted }: { children: ChildCard[]; limit: number; deleted: boolean }) {
  return (
    <div className="grid gap-6">
      {deleted ? <Notice testId="child-deleted">Deleted. The books already made stay in your library.</Notice> : null}
      {children.length === 0 ? (
        <section className="rounded-[2rem] bg-paper p-6 text-center shadow-card ring-1 ring-ink/5 sm:p-10" data-testid="no-children">
          <p className="text-5xl" aria-hidden="true">
            🧸
          </p>
          <h2 className="mt-3 text-2xl font-semibold text-ink">No children saved yet</h2>
          <p className="mx-auto mt-2 max-w-prose text-ink-soft">
            Save your child once, with a photo, the things they love and the people and pets in their life. Every new book can then start from them, and they
            look the same in every story.
          </p>
        </section>
      ) : (
        <ul className="grid gap-4" aria-label="Your children">
          {children.map((child) => (
            <li key={child.id} className="rounded-[2rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-6" data-testid="child-card">
              <div className="flex items-start gap-4">
                <Face child={child} />
                <div className="min-w-0 flex-1">
                  <h2 className="text-2xl font-semibold text-ink">{child.name}</h2>
                  <p className="font-semibold text-ink-soft">{child.age}</p>
                  {child.likes ? <p className="mt-1 text-ink-soft">{`Loves ${child.likes}`}</p> : null}
                  {child.companions ? <p className="mt-1 text-sm text-ink-soft">{`With ${child.companions}`}</p> : null}
                </div>
              </div>
              <div className="mt-4 flex flex-col gap-2 sm:flex-row">
                <Link to={`/createstory?child=${child.id}`} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
                  {`Make a book for ${child.name}`}
                </Link>
                <Link to={`/myaccount/children/${child.id}`} className={buttonClass("secondary", "md", "w-full sm:w-auto")}>
                  Change<span className="sr-only">{` ${child.name}'s`}</span> details
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {children.length < limit ? (
        <div>
          <ButtonLink to="/myaccount/children/new" variant={children.length === 0 ? "primary" : "secondary"} size="lg" className="w-full sm:w-auto">
            <span aria-hidden="true">+</span> {children.length === 0 ? "Save your first child" : "Save another child"}
          </ButtonLink>
        </div>
      ) : (
        <p className="text-ink-soft">{CHILDREN_FULL}</p>
      )}
    </div>
  );
}
