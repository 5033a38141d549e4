/**
 * A tiny Worker for bench/illustrator.mjs: draws and renders one page of a sample book in workerd,
 * exactly as the Workflow will (drawPage → renderPng → watermark).
 *   GET /svg?book=mia&page=5&style=watercolor   the SVG only
 *   GET /png?...                                 SVG rendered to PNG
 *   GET /page?...                                PNG with the watermark (what gets stored)
 */
import { pageType, type CharacterSheet } from "../app/domain/story/book";
import { drawPage } from "../app/domain/story/illustrator";
import { renderPng } from "../app/services/ai/illustrator/render.server";
import { watermark } from "../app/services/storage/watermark.server";

interface SampleBook {
  title: string;
  theme: string;
  sheet: CharacterSheet;
  scenes: string[];
}

const BOOKS: Record<string, SampleBook> = {
  mia: {
    title: "Mia and the Glowing Map",
    theme: "Adventure",
    sheet: {
      name: "Mia",
      age: 6,
      gender: "girl",
      skinTone: "#f1c7a5",
      hairColor: "#6b3e26",
      hairStyle: "ponytail",
      eyeColor: "#3b7a57",
      outfitColor: "#ff7a59",
      outfitAccent: "#ffd166",
      outfit: "dress",
      accessory: "star hairclip",
      description: "Mia, a six-year-old girl with a brown ponytail, green eyes, a coral dress and a star hairclip",
    },
    scenes: [
      "Mia holds a glowing map with a friendly fox beside her",
      "Mia waves hello",
      "Mia finds a glowing map in the attic one morning",
      "Mia looks at the map in her bedroom",
      "Mia sets off through the garden with the map",
      "Mia meets a friendly fox at the edge of the forest",
      "The fox and Mia walk into the whispering woods",
      "Mia listens to a talking compass",
      "Mia is worried when the path splits in two",
      "Mia thinks hard about which way to go",
      "Mia climbs a hill with the fox",
      "Mia discovers a secret waterfall in the mountain",
      "Mia helps the fox across the stream",
      "Mia runs through the meadow full of flowers",
      "Mia spots a castle far away",
      "Mia and the fox share a picnic basket",
      "Mia floats over the trees holding balloons in the sky",
      "Mia reaches for a star",
      "The fox and Mia watch the sunset from the hill",
      "Mia tries to read the map by the evening light",
      "Mia finds the hidden valley where the trees hum",
      "Mia and the fox celebrate with a dance",
      "Mia walks home under the starry night",
      "Mia sleeps in her bed, dreaming of the forest",
    ],
  },
  leo: {
    title: "Leo's Trip to the Stars",
    theme: "Space",
    sheet: {
      name: "Leo",
      age: 5,
      gender: "boy",
      skinTone: "#8d5524",
      hairColor: "#1f1a17",
      hairStyle: "curly",
      eyeColor: "#4b2e1e",
      outfitColor: "#3a86ff",
      outfitAccent: "#8ac926",
      outfit: "hoodie and trousers",
      accessory: "glasses",
      description: "Leo, a five-year-old boy with curly black hair, brown eyes, round glasses and a blue hoodie",
    },
    scenes: [
      "Leo and his robot co-pilot beside a cardboard rocket",
      "Leo waves",
      "Leo builds a cardboard rocket in the garden",
      "Leo and a robot check the rocket",
      "Leo zooms up into space in his rocket",
      "Leo floats past the rings of Saturn",
      "Leo meets a lost little star",
      "The little star is worried and lonely",
      "Leo talks to the star",
      "Leo and the robot plan a route on the moon",
      "Leo explores a moon made of bouncy cheese",
      "Leo runs across the moon with the robot",
      "Leo looks through the stars for the constellation",
      "Leo thinks about the way home",
      "Leo helps the star back to its constellation",
      "Leo and the star celebrate",
      "Leo flies with a friendly dragon in the sky",
      "Leo walks through a town on the way home",
      "Leo swims at the beach with a turtle and a whale",
      "Leo dives underwater and finds a sunken ship",
      "Leo reads a book with his cat in the garden",
      "Leo hugs his dog in the evening",
      "Leo waves goodbye to the robot at night",
      "Leo yawns and sleeps in his bed",
    ],
  },
};

function input(url: URL) {
  const book = BOOKS[url.searchParams.get("book") ?? "mia"];
  const page = Number(url.searchParams.get("page") ?? "1");
  if (!book || !Number.isInteger(page) || page < 1 || page > 24) return undefined;
  return {
    sheet: book.sheet,
    pageNumber: page,
    pageType: pageType(page),
    scene: book.scenes[page - 1],
    theme: book.theme,
    artStyle: url.searchParams.get("style") ?? "storybook",
    bookTitle: book.title,
  };
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/health") return new Response("ok");
    const page = input(url);
    if (!page) return new Response("unknown book or page", { status: 400 });
    const svg = drawPage(page);
    if (url.pathname === "/svg") return new Response(svg, { headers: { "content-type": "image/svg+xml" } });
    const png = await renderPng(svg, { width: 1024 });
    if (url.pathname === "/png") return new Response(png, { headers: { "content-type": "image/png" } });
    if (url.pathname === "/page")
      return new Response(await watermark(png, { brand: "StoryNest", year: new Date().getUTCFullYear() }), { headers: { "content-type": "image/png" } });
    return new Response("not found", { status: 404 });
  },
};
