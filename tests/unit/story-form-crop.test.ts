import { describe, expect, it } from "vitest";
import {
  clampCrop,
  cropOutput,
  cropRect,
  cropSide,
  initialCrop,
  MAX_OUTPUT,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  photoPlacement,
  screenScale,
  zoomLabel,
  zoomTo,
  type CropState,
} from "~/components/story-form/crop";

const W = 3000;
const H = 4000; // a tall phone photo

function inside(state: CropState, w: number, h: number) {
  const r = cropRect(state, w, h);
  expect(r.x).toBeGreaterThanOrEqual(0);
  expect(r.y).toBeGreaterThanOrEqual(0);
  expect(r.x + r.size).toBeLessThanOrEqual(w);
  expect(r.y + r.size).toBeLessThanOrEqual(h);
  return r;
}

describe("the first crop", () => {
  it("is the largest square, centred across and a little above the middle of a tall photo", () => {
    const s = initialCrop(W, H);
    expect(s.zoom).toBe(1);
    const r = inside(s, W, H);
    expect(r).toEqual({ x: 0, y: 180, size: 3000 });
  });
  it("is centred on a wide photo", () => {
    expect(cropRect(initialCrop(1600, 900), 1600, 900)).toEqual({ x: 350, y: 0, size: 900 });
  });
  it("is the whole photo when it is square", () => {
    expect(cropRect(initialCrop(500, 500), 500, 500)).toEqual({ x: 0, y: 0, size: 500 });
  });
  it("refuses a photo without a size", () => {
    expect(() => initialCrop(0, 100)).toThrow(RangeError);
    expect(() => initialCrop(100, Number.NaN)).toThrow(RangeError);
  });
});

describe("zoom", () => {
  it("makes the square smaller, down to a quarter of the short side", () => {
    expect(cropSide(1, W, H)).toBe(3000);
    expect(cropSide(2, W, H)).toBe(1500);
    expect(cropSide(MAX_ZOOM, W, H)).toBe(750);
    expect(cropSide(99, W, H)).toBe(750);
    expect(cropSide(0.2, W, H)).toBe(3000);
  });
  it("keeps the middle where it is when zooming from the slider", () => {
    const s = zoomTo(initialCrop(W, H), 2, W, H);
    expect(s.cx).toBeCloseTo(1500);
    expect(s.cy).toBeCloseTo(1680);
    expect(cropRect(s, W, H)).toEqual({ x: 750, y: 930, size: 1500 });
  });
  it("keeps the photo point under the pointer still (pinch or wheel)", () => {
    const start = zoomTo(initialCrop(W, H), 2, W, H);
    const viewport = 300;
    const fx = 0.25;
    const fy = 0.75;
    const pointBefore = { x: start.cx - cropSide(2, W, H) / 2 + fx * cropSide(2, W, H), y: start.cy - cropSide(2, W, H) / 2 + fy * cropSide(2, W, H) };
    const after = zoomTo(start, 3, W, H, fx, fy);
    const place = photoPlacement(after, W, H, viewport);
    const scale = screenScale(after, W, H, viewport);
    // the same photo point is still fx, fy across the window
    expect(place.left + pointBefore.x * scale).toBeCloseTo(fx * viewport);
    expect(place.top + pointBefore.y * scale).toBeCloseTo(fy * viewport);
  });
  it("zooming out near an edge pulls the square back inside the photo", () => {
    const corner = clampCrop({ zoom: 4, cx: 0, cy: 0 }, W, H);
    expect(cropRect(corner, W, H)).toEqual({ x: 0, y: 0, size: 750 });
    const out = zoomTo(corner, 1, W, H, 0, 0);
    inside(out, W, H);
    expect(cropRect(out, W, H)).toEqual({ x: 0, y: 0, size: 3000 });
  });
  it("is read as a percentage", () => {
    expect(zoomLabel(1)).toBe("100%");
    expect(zoomLabel(2.345)).toBe("235%");
    expect(zoomLabel(10)).toBe("400%");
  });
});

describe("dragging", () => {
  it("moves the square against the finger, by the drag over the on-screen scale", () => {
    const s = zoomTo(initialCrop(W, H), 2, W, H); // square 1500 px shown in a 300 px window: scale 0.2
    expect(screenScale(s, W, H, 300)).toBeCloseTo(0.2);
    const moved = panBy(s, 20, -10, 300, W, H); // finger right 20 px, up 10 px
    expect(moved.cx).toBeCloseTo(s.cx - 100);
    expect(moved.cy).toBeCloseTo(s.cy + 50);
    expect(moved.zoom).toBe(2);
  });
  it("never lets the square leave the photo", () => {
    let s = zoomTo(initialCrop(W, H), 3, W, H);
    for (const [dx, dy] of [
      [10_000, 0],
      [0, 10_000],
      [-10_000, -10_000],
      [5_000, -5_000],
    ]) {
      s = panBy(s, dx, dy, 300, W, H);
      inside(s, W, H);
    }
    expect(cropRect(panBy(s, 99_999, 99_999, 300, W, H), W, H)).toMatchObject({ x: 0, y: 0 });
    expect(cropRect(panBy(s, -99_999, -99_999, 300, W, H), W, H)).toMatchObject({ x: W - 1000, y: H - 1000 });
  });
  it("cannot move a square that already fills the short side along that side", () => {
    const s = initialCrop(W, H);
    const moved = panBy(s, 500, 0, 300, W, H);
    expect(moved.cx).toBe(1500);
  });
});

describe("what is drawn", () => {
  it("places the whole photo so the square fills the window", () => {
    const s = initialCrop(W, H);
    const p = photoPlacement(s, W, H, 300);
    expect(p.width).toBeCloseTo(300);
    expect(p.height).toBeCloseTo(400);
    expect(p.left).toBeCloseTo(0);
    expect(p.top).toBeCloseTo(-18);
  });
  it("copies the square at most 1024 px wide and never scales a small crop up", () => {
    const big = cropOutput(initialCrop(W, H), W, H);
    expect(big).toEqual({ source: { x: 0, y: 180, size: 3000 }, size: MAX_OUTPUT });
    const small = cropOutput(zoomTo(initialCrop(800, 600), MAX_ZOOM, 800, 600), 800, 600);
    expect(small.source.size).toBe(150);
    expect(small.size).toBe(150);
  });
  it("turns nonsense into a safe state", () => {
    const s = clampCrop({ zoom: Number.NaN, cx: Number.POSITIVE_INFINITY, cy: -5 }, 400, 300);
    expect(s.zoom).toBe(MIN_ZOOM);
    inside(s, 400, 300);
  });
});
