import type { AnchorHTMLAttributes } from "react";

/**
 * A link to a page of the site as a plain `<a>`, for markup the browser keeps as the server drew
 * it (~/components/layout/ServerMarkup.tsx): that markup's clicks go through the router there, as a
 * `<Link>`'s do, and `data-discover` lets the router learn the route ahead of the click, as for a
 * `<Link>`. It needs no router to draw, so such markup can be drawn once and kept on the server.
 */
export function PlainLink({ to, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a href={to} data-discover="true" {...rest} />;
}
