import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { signInHref } from "./social-api";

/** Whether the reader is signed in (the root loader says so on every page), and where "Sign in to …" leads (back here). */
export function useViewer(): { signedIn: boolean; signIn: string } {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  return { signedIn: Boolean(root?.account), signIn: signInHref(`${location.pathname}${location.search}`) };
}
