import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { clampCrop, MAX_ZOOM, MIN_ZOOM, panBy, photoPlacement, zoomLabel, zoomTo, type CropState } from "./crop";

/**
 * The square crop window: drag (mouse, finger or pen) to move the photo, pinch, scroll or use the
 * slider to zoom; with the keyboard, arrow keys move and + / − zoom. What the window shows is exactly
 * what the cropped picture will be.
 */
export function Cropper({
  url,
  width,
  height,
  crop,
  onChange,
}: {
  url: string;
  width: number;
  height: number;
  crop: CropState;
  onChange: (next: CropState) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState(288);
  const cropRef = useRef(crop);
  cropRef.current = crop;
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const hintId = useId();
  const zoomId = useId();

  // The window is as wide as the space allows; the maths needs its size in pixels.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setViewport(box.getBoundingClientRect().width || 288);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const set = useCallback((next: CropState) => onChange(clampCrop(next, width, height)), [onChange, width, height]);

  // A wheel zooms around the pointer. React's wheel listener is passive, so this one is added by hand.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = box.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * 0.0015);
      set(zoomTo(cropRef.current, cropRef.current.zoom * factor, width, height, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height));
    };
    box.addEventListener("wheel", onWheel, { passive: false });
    return () => box.removeEventListener("wheel", onWheel);
  }, [set, width, height]);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const map = pointers.current;
    const before = map.get(e.pointerId);
    if (!before) return;
    const now = { x: e.clientX, y: e.clientY };
    if (map.size === 1) {
      map.set(e.pointerId, now);
      set(panBy(cropRef.current, now.x - before.x, now.y - before.y, viewport, width, height));
      return;
    }
    // Two fingers: the change of their distance zooms, around the point between them.
    const other = [...map.entries()].find(([id]) => id !== e.pointerId)?.[1];
    map.set(e.pointerId, now);
    if (!other) return;
    const dBefore = Math.hypot(before.x - other.x, before.y - other.y);
    const dNow = Math.hypot(now.x - other.x, now.y - other.y);
    if (dBefore < 1) return;
    const r = e.currentTarget.getBoundingClientRect();
    const fx = ((now.x + other.x) / 2 - r.left) / r.width;
    const fy = ((now.y + other.y) / 2 - r.top) / r.height;
    set(zoomTo(cropRef.current, cropRef.current.zoom * (dNow / dBefore), width, height, fx, fy));
  }

  function onPointerEnd(e: PointerEvent<HTMLDivElement>) {
    pointers.current.delete(e.pointerId);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.shiftKey ? 48 : 12;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      // The arrow moves the square the way it points (the photo moves the other way).
      set(panBy(crop, move[0], move[1], viewport, width, height));
    } else if (e.key === "+" || e.key === "=") {
      e.preventDefault();
      set(zoomTo(crop, crop.zoom + 0.25, width, height));
    } else if (e.key === "-" || e.key === "_") {
      e.preventDefault();
      set(zoomTo(crop, crop.zoom - 0.25, width, height));
    }
  }

  const place = photoPlacement(crop, width, height, viewport);
  return (
    <div className="grid gap-4">
      <div
        ref={boxRef}
        tabIndex={0}
        role="group"
        aria-roledescription="crop area"
        aria-label="Crop area"
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
        data-testid="photo-cropper"
        className="relative mx-auto aspect-square w-full max-w-80 cursor-grab touch-none select-none overflow-hidden rounded-3xl bg-ink/10 shadow-inner ring-4 ring-paper outline-offset-4 active:cursor-grabbing"
      >
        <img
          src={url}
          alt=""
          draggable={false}
          className="pointer-events-none absolute max-w-none"
          style={{ left: place.left, top: place.top, width: place.width, height: place.height }}
        />
        {/* Thirds, to help place a face. */}
        <svg aria-hidden="true" className="pointer-events-none absolute inset-0 size-full" viewBox="0 0 3 3" preserveAspectRatio="none">
          <path d="M1 0V3M2 0V3M0 1H3M0 2H3" stroke="white" strokeOpacity="0.55" strokeWidth="0.012" vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <p id={hintId} className="text-center text-[0.95rem] text-ink-soft">
        Drag the photo to move it. Pinch, scroll or use the slider to zoom. With a keyboard: arrow keys move, + and − zoom.
      </p>
      <div className="mx-auto flex w-full max-w-80 items-center gap-3">
        <label htmlFor={zoomId} className="shrink-0 font-bold text-ink">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={crop.zoom}
          aria-valuetext={zoomLabel(crop.zoom)}
          onChange={(e) => set(zoomTo(crop, Number(e.target.value), width, height))}
          className="h-11 w-full cursor-pointer accent-coral"
        />
        <span className="w-12 shrink-0 text-right text-sm font-semibold tabular-nums text-ink-soft" aria-hidden="true">
          {zoomLabel(crop.zoom)}
        </span>
      </div>
    </div>
  );
}
