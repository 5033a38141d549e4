import { useLocation } from "@remix-run/react";
import { useLayoutEffect, useRef } from "react";

/** Set (localStorage) once this browser has fetched both brand fonts. */
const FETCHED = "sn-fonts";
/** The class on `<html>` that turns the brand fonts on (app/styles/app.css). */
const ON = "brand-fonts";

/**
 * The brand fonts never hold up a first paint, and never change under the reader's eyes.
 * - In the head, before anything is painted: if this browser has fetched the fonts before, they are
 *   on for the page (from the cache they are there within `optional`'s short wait).
 * - Otherwise the page is painted in the system's rounded font, and once the page and its scripts
 *   have loaded, `WARM_FONTS` (run by PageScripts) fetches the fonts; nothing on the page uses them
 *   yet, so nothing moves. The next page, loaded or navigated to, has them.
 * A font the page asked for before its first paint would compete with the page on a slow network,
 * and Lighthouse's simulation counts one that arrived before the paint as blocking it.
 */
const HEAD = `try{localStorage.getItem("${FETCHED}")&&document.documentElement.classList.add("${ON}")}catch(e){}`;

/** Script text: fetches both fonts unless they are on, and remembers that this browser has them. */
export const WARM_FONTS = `if(!document.documentElement.classList.contains("${ON}")&&document.fonts)Promise.all([document.fonts.load('1em "Nunito Variable"'),document.fonts.load('1em "Fredoka Variable"')]).then(function(f){if(f[0].length&&f[1].length)try{localStorage.setItem("${FETCHED}","1")}catch(e){}},function(){})`;

export function BrandFonts({ nonce }: { nonce?: string }) {
  // A navigation in the app after the fonts were fetched: the new page is drawn with them.
  const { key } = useLocation();
  const first = useRef(key);
  useLayoutEffect(() => {
    if (key === first.current) return;
    try {
      if (localStorage.getItem(FETCHED)) document.documentElement.classList.add(ON);
    } catch {
      /* storage refused: the system font stays */
    }
  }, [key]);
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? HEAD : "" }} suppressHydrationWarning />;
}
