/**
 * A small Worker for bench/pdf.mjs: a 24-page book made exactly as the engine makes it (the offline
 * writer, the offline illustrator at 1024 px, the watermark), kept in a local R2 bucket, then turned
 * into the PDF the app serves.
 *   GET /prepare?page=n     draws page n of the book and stores its picture (once; slow)
 *   GET /read               reads the 24 pictures from R2 (the I/O part of making a PDF)
 *   GET /build?embed=fast   reads the pictures and builds the PDF (embed=pdf-lib: pdf-lib's embedPng)
 *   GET /rebuild            builds it from pictures converted before (a remake after a text edit; the
 *                           app keeps conversions in R2, here they are kept in memory)
 *   GET /cold?embed=fast    builds it and stores it in R2, as a first download does
 *   GET /cached             the stored PDF from R2, as every later download gets it
 */
import { pageType, type StoryBrief } from "../app/domain/story/book";
import { writeStory } from "../app/domain/story/writer";
import { illustratePage } from "../app/services/ai/illustrator/index.server";
import { watermark } from "../app/services/storage/watermark.server";
import { buildBookPdf } from "../app/services/pdf/book-pdf.server";
import { FONTS } from "../app/services/pdf/pdf.server";
import { pngToPdfImage, type PdfImageParts } from "../app/services/pdf/png.server";

interface BenchEnv {
  BENCH: R2Bucket;
}

const BRIEF: StoryBrief = {
  childName: "Mia",
  age: 6,
  gender: "girl",
  authorName: "Grandma Rose",
  theme: "Adventure",
  storyDescription: "Mia finds a glowing map in the attic and follows it into the whispering woods with a friendly fox.",
  moralLesson: "Being brave means trying, one small step at a time.",
  specialElements: ["a glowing map", "a talking compass"],
  artStyle: "watercolor",
};
const story = writeStory(BRIEF, "bench-pdf");
const texts = [
  { scene: story.coverScene, content: story.title },
  { scene: `A calm vignette for the title page of "${story.title}"`, content: story.dedication },
  ...story.pages,
];

async function pictures(env: BenchEnv): Promise<Uint8Array<ArrayBuffer>[]> {
  return Promise.all(
    texts.map(async (_, i) => {
      const obj = await env.BENCH.get(`book/page-${i + 1}.png`);
      if (!obj) throw new Error("run /prepare first");
      return new Uint8Array(await obj.arrayBuffer());
    }),
  );
}

let converted: Array<PdfImageParts | Uint8Array> | undefined;

async function build(env: BenchEnv, embed: "fast" | "pdf-lib" | "converted") {
  let images: Array<Uint8Array | PdfImageParts>;
  if (embed === "converted") {
    converted ??= await Promise.all((await pictures(env)).map(async (b) => (await pngToPdfImage(b)) ?? b));
    images = converted;
  } else images = await pictures(env);
  return buildBookPdf(
    {
      title: story.title,
      author: BRIEF.authorName,
      childName: BRIEF.childName,
      createdAt: new Date("2026-01-01T00:00:00Z"),
      modifiedAt: new Date("2026-01-01T00:00:00Z"),
      pages: texts.map((t, i) => ({ pageNumber: i + 1, content: t.content, image: images[i] })),
    },
    FONTS,
    { embed: embed === "pdf-lib" ? "pdf-lib" : "fast" },
  );
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    const embed = url.searchParams.get("embed") === "pdf-lib" ? "pdf-lib" : "fast";
    switch (url.pathname) {
      case "/health":
        return new Response("ok");
      case "/prepare": {
        // one page per request (?page=n), so a slow machine never hits a request timeout
        let bytes = 0;
        const only = Number(url.searchParams.get("page") ?? "0");
        for (const [i, t] of texts.entries()) {
          if (only && i + 1 !== only) continue;
          const key = `book/page-${i + 1}.png`;
          const have = await env.BENCH.head(key);
          if (have) {
            bytes += have.size;
            continue;
          }
          const png = await illustratePage({
            sheet: story.characterSheet,
            pageNumber: i + 1,
            pageType: pageType(i + 1),
            scene: t.scene,
            theme: BRIEF.theme,
            artStyle: BRIEF.artStyle,
            bookTitle: story.title,
          });
          const marked = await watermark(png, { brand: "StoryNest", year: 2026 });
          await env.BENCH.put(key, marked);
          bytes += marked.length;
        }
        return Response.json({ pages: texts.length, bytes });
      }
      case "/read": {
        const images = await pictures(env);
        return Response.json({ bytes: images.reduce((n, b) => n + b.length, 0) });
      }
      case "/build":
        return new Response(await build(env, embed), { headers: { "content-type": "application/pdf" } });
      case "/rebuild":
        return new Response(await build(env, "converted"), { headers: { "content-type": "application/pdf" } });
      case "/cold": {
        const pdf = await build(env, embed);
        await env.BENCH.put(`pdf/${embed}.pdf`, pdf);
        return new Response(pdf, { headers: { "content-type": "application/pdf" } });
      }
      case "/cached": {
        const obj = await env.BENCH.get(`pdf/${embed}.pdf`);
        if (!obj) return new Response("run /cold first", { status: 404 });
        return new Response(obj.body, { headers: { "content-type": "application/pdf" } });
      }
      default:
        return new Response("not found", { status: 404 });
    }
  },
};
