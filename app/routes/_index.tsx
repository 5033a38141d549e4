import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { themeSlug } from "~/domain/story/themes";

export async function loader({ context }: LoaderFunctionArgs) {
  const { themes, source } = await context.services.themes.list();
  return { themes, source };
}

export default function Home() {
  const { themes } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-5xl font-semibold">A storybook starring your child</h1>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {themes.map((t) => (
          <li key={t.themeId}>
            <Link to={`/createstory?theme=${encodeURIComponent(themeSlug(t))}`} className="block rounded-3xl bg-paper p-6 shadow">
              <span aria-hidden="true">{t.emoji}</span> <span className="font-semibold">{t.title}</span>
              <p className="text-ink-soft">{t.description.replace(/\[ChildName\]/g, "your child")}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
