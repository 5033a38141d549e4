/**
 * The square crop of the child's photo, as pure maths: where the square sits on the photo, how a drag
 * or a zoom moves it, and what the canvas copies. Everything is in the photo's own pixels; the
 * on-screen crop window is `viewport` CSS pixels wide.
 *
 * At zoom 1 the square is as large as the photo's shorter side; at zoom 4 a quarter of that. The
 * square never leaves the photo.
 */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** The cropped picture is at most this many pixels square (the illustrator needs no more). */
export const MAX_OUTPUT = 1024;

export interface CropState {
  zoom: number;
  /** the centre of the square, in photo pixels */
  cx: number;
  cy: number;
}

export interface CropRect {
  x: number;
  y: number;
  size: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function checkSize(w: number, h: number) {
  if (!(w > 0 && h > 0) || !Number.isFinite(w) || !Number.isFinite(h)) throw new RangeError(`A photo needs a positive size, not ${w}×${h}`);
}

/** The side of the square for a zoom. */
export function cropSide(zoom: number, w: number, h: number): number {
  return Math.min(w, h) / clamp(zoom, MIN_ZOOM, MAX_ZOOM);
}

/** The state moved back inside the photo, with the zoom inside its range. */
export function clampCrop(state: CropState, w: number, h: number): CropState {
  checkSize(w, h);
  const zoom = clamp(Number.isFinite(state.zoom) ? state.zoom : MIN_ZOOM, MIN_ZOOM, MAX_ZOOM);
  const half = cropSide(zoom, w, h) / 2;
  const cx = clamp(Number.isFinite(state.cx) ? state.cx : w / 2, half, w - half);
  const cy = clamp(Number.isFinite(state.cy) ? state.cy : h / 2, half, h - half);
  return { zoom, cx, cy };
}

/**
 * The first crop: the largest square, centred across, and on a tall photo a little above the middle,
 * where a face usually is.
 */
export function initialCrop(w: number, h: number): CropState {
  checkSize(w, h);
  const cy = h > w ? h * 0.42 : h / 2;
  return clampCrop({ zoom: MIN_ZOOM, cx: w / 2, cy }, w, h);
}

/** The square on the photo, in whole pixels. */
export function cropRect(state: CropState, w: number, h: number): CropRect {
  const s = clampCrop(state, w, h);
  const size = Math.min(Math.round(cropSide(s.zoom, w, h)), Math.floor(Math.min(w, h)));
  const x = clamp(Math.round(s.cx - size / 2), 0, w - size);
  const y = clamp(Math.round(s.cy - size / 2), 0, h - size);
  return { x, y, size };
}

/** Screen pixels per photo pixel in a crop window `viewport` px wide. */
export function screenScale(state: CropState, w: number, h: number, viewport: number): number {
  return viewport / cropSide(clampCrop(state, w, h).zoom, w, h);
}

/**
 * After a drag of (dx, dy) screen pixels: the photo follows the finger, so the square moves the
 * other way, by the drag divided by the on-screen scale.
 */
export function panBy(state: CropState, dx: number, dy: number, viewport: number, w: number, h: number): CropState {
  const scale = screenScale(state, w, h, viewport);
  return clampCrop({ ...state, cx: state.cx - dx / scale, cy: state.cy - dy / scale }, w, h);
}

/**
 * A new zoom around a point of the crop window (fx, fy from 0 to 1; the middle by default): the
 * photo point under it stays where it is, as with a pinch.
 */
export function zoomTo(state: CropState, zoom: number, w: number, h: number, fx = 0.5, fy = 0.5): CropState {
  const from = clampCrop(state, w, h);
  const target = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const sideBefore = cropSide(from.zoom, w, h);
  const sideAfter = cropSide(target, w, h);
  // The photo point under the focus, before and after, must be the same.
  const px = from.cx - sideBefore / 2 + fx * sideBefore;
  const py = from.cy - sideBefore / 2 + fy * sideBefore;
  return clampCrop({ zoom: target, cx: px - fx * sideAfter + sideAfter / 2, cy: py - fy * sideAfter + sideAfter / 2 }, w, h);
}

/** Where the whole photo is drawn inside the crop window so the square fills it (CSS pixels). */
export function photoPlacement(state: CropState, w: number, h: number, viewport: number): { left: number; top: number; width: number; height: number } {
  const s = clampCrop(state, w, h);
  const scale = screenScale(s, w, h, viewport);
  const side = cropSide(s.zoom, w, h);
  return { left: -(s.cx - side / 2) * scale, top: -(s.cy - side / 2) * scale, width: w * scale, height: h * scale };
}

/** The canvas copy: the source square and the output side (never upscaled, at most MAX_OUTPUT). */
export function cropOutput(state: CropState, w: number, h: number): { source: CropRect; size: number } {
  const source = cropRect(state, w, h);
  return { source, size: Math.max(1, Math.min(MAX_OUTPUT, source.size)) };
}

/** The zoom as a percentage a person reads ("100%" at the largest square). */
export function zoomLabel(zoom: number): string {
  return `${Math.round(clamp(zoom, MIN_ZOOM, MAX_ZOOM) * 100)}%`;
}
