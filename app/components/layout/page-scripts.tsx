import { Scripts } from "@remix-run/react";
import { WARM_FONTS } from "~/components/layout/brand-fonts";

/**
 * The page's scripts start after its first paint, and after its main picture.
 *
 * Remix's `<Scripts>` is written into the page inside a `<noscript>`: a browser that runs scripts
 * reads that as plain text (its look-ahead parser fetches nothing from it), and React does not
 * hydrate what is inside one. `BOOT`, right after it, then
 * - runs the classic script there at once (Remix's context: the streamed data that follows needs it);
 * - adds the module preloads and the module script once the browser has reported the first
 *   contentful paint and every picture the page marks as its main one (`fetchpriority="high"`) has
 *   loaded and been painted, or 3 s after the page was read, whichever comes first (at once in a
 *   hidden tab, where nothing is painted);
 * - once the preloaded modules have arrived, marks "page-scripts" (User Timing) and fetches the brand fonts if this browser does not have them yet
 *   (app/components/layout/brand-fonts.tsx).
 *
 * Why: on a slow phone network the scripts (about 130 KiB) shared the line with the page and its
 * main picture, for a page that is already whole from the server; they were at the end of the HTML
 * anyway, so the page gets its first paint and its picture first and the scripts right after.
 * Lighthouse's simulation (Lantern) counts every high-priority script that finished loading before
 * the observed first paint as blocking it, and every request that finished before the largest paint
 * as part of it; a module script has no "EvaluateScript" event that could clear it. So whether a
 * run scored 0.9 or 0.7 depended on whether the local scripts happened to arrive before the paint.
 *
 * The scripts keep the nonce of the page (copied with their attributes), and a page shared by the
 * edge cache lists the hash of each of them (app/services/cache/page-cache.server.ts reads every
 * `<script>` of the HTML, this `<noscript>`'s included); their text is not changed.
 */
const BOOT = `(function(){var d=document,me=d.currentScript,t=d.createElement("template"),later=[],started=false;
t.innerHTML=me.previousElementSibling.textContent;
function copy(el){var s=d.createElement(el.localName);for(var i=0;i<el.attributes.length;i++)s.setAttribute(el.attributes[i].name,el.attributes[i].value);if(el.localName==="script")s.text=el.text;return s}
[].forEach.call(t.content.children,function(el){var s=copy(el);if(el.localName==="script"&&el.type!=="module"){d.body.appendChild(s);s.remove()}else later.push(s)});
function fonts(){${WARM_FONTS}}
function start(){if(started)return;started=true;var left=1;function one(){if(--left===0){try{performance.mark("page-scripts")}catch(e){}setTimeout(fonts)}}
later.forEach(function(s){if(s.localName==="link"){left++;s.onload=s.onerror=one}(s.localName==="link"?d.head:d.body).appendChild(s)});one()}
function frames(n,f){n?requestAnimationFrame(function(){frames(n-1,f)}):setTimeout(f)}
function pictures(f){var imgs=d.querySelectorAll('img[fetchpriority="high"]'),left=imgs.length+1;function one(){if(--left===0)frames(2,f)}
[].forEach.call(imgs,function(img){if(img.complete)one();else{img.addEventListener("load",one);img.addEventListener("error",one)}});one()}
function painted(f){try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;var o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();f()}});o.observe({type:"paint",buffered:true})}catch(e){frames(1,f)}}
setTimeout(start,3000);
if(d.visibilityState==="hidden")start();else painted(function(){pictures(start)});
})()`;

export function PageScripts({ nonce }: { nonce?: string }) {
  return (
    <>
      <noscript id="page-scripts">
        <Scripts nonce={nonce} />
      </noscript>
      {/* The text only matters in the server's HTML: the browser runs it once, as the page is read. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? BOOT : "" }} suppressHydrationWarning />
    </>
  );
}
