import { lazy, Suspense, useEffect, useRef, type ChangeEvent } from "react";
import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ErrorText, fieldIds } from "~/components/ui/Field";
import { paletteFromPixels, type PhotoPalette } from "~/domain/story/illustrator/palette";
import { checkPhoto, PHOTO_CONSENT_FIELD, PHOTO_CONSENT_VALUE, PHOTO_ERRORS, PHOTO_MAX_MB, PHOTO_TYPES } from "~/domain/story/photo";
import { cropOutput, initialCrop, type CropState } from "./crop";

/** The cropper loads when a photo is chosen: most books are made without one. */
const Cropper = lazy(() => import("./Cropper").then((m) => ({ default: m.Cropper })));

/** The photo the browser holds: the file, a preview address, its size, and the crop when one is made. */
export interface LocalPhoto {
  file: File;
  url: string;
  width: number;
  height: number;
  crop: CropState | null;
}

/** Reads a chosen file: checks its size and first bytes, and measures it. Rejects with a parent-friendly message. */
export async function loadPhoto(file: File): Promise<LocalPhoto> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const problem = checkPhoto(file.size, head);
  if (problem) throw new Error(problem);
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new Error(PHOTO_ERRORS.type);
  }
  return { file, url, width: img.naturalWidth, height: img.naturalHeight, crop: null };
}

/** The square crop as a JPEG file, drawn with a canvas from the photo in the browser. */
export async function cropToFile(photo: LocalPhoto): Promise<File | null> {
  if (!photo.crop) return null;
  const img = new Image();
  img.src = photo.url;
  await img.decode();
  const { source, size } = cropOutput(photo.crop, photo.width, photo.height);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(img, source.x, source.y, source.size, source.size, 0, 0, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  if (!blob) return null;
  const base = photo.file.name.replace(/\.[^.]+$/, "") || "photo";
  return new File([blob], `${base}-square.jpg`, { type: "image/jpeg" });
}

/**
 * The child's hair, skin and eye colours, read in the browser from the square that shows the face
 * (the crop, or the centre of the photo), so the pictures' child looks like this child.
 */
export async function photoColours(photo: LocalPhoto): Promise<PhotoPalette> {
  const img = new Image();
  img.src = photo.url;
  await img.decode();
  const side = Math.min(photo.width, photo.height);
  const source = photo.crop
    ? cropOutput(photo.crop, photo.width, photo.height).source
    : { x: (photo.width - side) / 2, y: (photo.height - side) / 2, size: side };
  const size = 96;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return {};
  ctx.drawImage(img, source.x, source.y, source.size, source.size, 0, 0, size, size);
  return paletteFromPixels(ctx.getImageData(0, 0, size, size).data, size, size);
}

/**
 * The parent's agreement to give the child's photo: a new photo is not taken without it (the server
 * checks the same field). Shown once a photo is chosen, and always before the page's script runs (the
 * form then cannot tell whether a file was chosen).
 */
function ConsentTick({ describedBy, use }: { describedBy?: string; use: string }) {
  return (
    <label className="mt-3 flex min-h-11 cursor-pointer items-start gap-3 text-[0.95rem] leading-snug text-ink">
      <input
        type="checkbox"
        name={PHOTO_CONSENT_FIELD}
        value={PHOTO_CONSENT_VALUE}
        aria-describedby={describedBy}
        className="mt-0.5 size-5 shrink-0 accent-coral"
      />
      <span>
        I am this child&apos;s parent or guardian, and I agree to StoryNest using this photo to draw my child in {use}. We remove the location and other details
        your camera saved in the file.
      </span>
    </label>
  );
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The child's photo (optional): a file input that works without JavaScript; with it, a preview, an
 * optional square crop, and the checks done at once. A photo the server already keeps for this form
 * (after a submit that needed fixing) is shown with a way to remove it.
 */
export function PhotoField({
  hydrated,
  photo,
  onPhoto,
  saved,
  onRemoveSaved,
  error,
  onError,
  use = "this book",
}: {
  hydrated: boolean;
  photo: LocalPhoto | null;
  onPhoto: (photo: LocalPhoto | null) => void;
  /** the name of a photo the server kept, when there is one */
  saved: string | null;
  onRemoveSaved: () => void;
  error?: string;
  onError: (message: string | undefined) => void;
  /** what the photo draws the child in: "this book", or a saved child's "every book of theirs" */
  use?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { id, hintId, errorId, describedBy } = fieldIds("story", "photo", true, error);
  const urlRef = useRef<string | null>(null);

  // A preview address lives as long as its photo.
  useEffect(() => {
    const previous = urlRef.current;
    if (previous && previous !== photo?.url) URL.revokeObjectURL(previous);
    urlRef.current = photo?.url ?? null;
  }, [photo]);
  useEffect(() => () => void (urlRef.current && URL.revokeObjectURL(urlRef.current)), []);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) {
      onPhoto(null);
      return;
    }
    try {
      const loaded = await loadPhoto(file);
      onError(undefined);
      onPhoto(loaded);
    } catch (err) {
      // An unusable file is not sent: the input is emptied and the reason shown beside it.
      input.value = "";
      onPhoto(null);
      onError(err instanceof Error ? err.message : PHOTO_ERRORS.type);
    }
  }

  function remove() {
    if (inputRef.current) inputRef.current.value = "";
    onPhoto(null);
    onError(undefined);
    inputRef.current?.focus();
  }

  const showInput = !hydrated || !photo;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-[1.0625rem] font-bold text-ink">
          {saved && !photo ? "Choose a different photo" : "Your child's photo"}
          <span className="ml-2 text-sm font-semibold text-ink-soft">optional</span>
        </label>
      </div>
      <p id={hintId} className="mt-0.5 text-[0.95rem] leading-snug text-ink-soft">
        A clear, smiling face works best. JPEG, PNG or WebP, up to {PHOTO_MAX_MB} MB. It is kept privately and only used to draw your child in {use}.
      </p>

      {saved && !photo ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-2xl bg-mint-soft p-3 pl-4" data-testid="photo-saved">
          <span aria-hidden="true" className="text-xl">
            📷
          </span>
          <p className="min-w-0 flex-1 font-semibold text-ink">
            Your photo <span className="break-all">&ldquo;{saved}&rdquo;</span> is kept with this form.
          </p>
          {hydrated ? (
            <Button variant="secondary" size="sm" onClick={onRemoveSaved}>
              Remove
            </Button>
          ) : (
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-ink">
              <input type="checkbox" name="removePhoto" value="1" className="size-5 accent-coral" />
              Don&apos;t use it
            </label>
          )}
        </div>
      ) : null}

      <input
        ref={inputRef}
        id={id}
        name="photo"
        type="file"
        accept={PHOTO_TYPES.join(",")}
        onChange={onFile}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          showInput ? "mt-3 block" : "hidden",
          "w-full cursor-pointer rounded-2xl border-2 border-dashed bg-cream/50 p-3 text-[0.95rem] text-ink-soft",
          "file:mr-4 file:min-h-12 file:cursor-pointer file:rounded-full file:border-0 file:bg-plum file:px-5 file:font-bold file:text-white hover:file:bg-night",
          "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
          error ? "border-coral-dark" : "border-ink/20",
        )}
      />
      {!hydrated || photo ? <ConsentTick describedBy={error ? errorId : undefined} use={use} /> : null}
      {error ? (
        <ErrorText id={errorId} field="photo">
          {error}
        </ErrorText>
      ) : null}

      {hydrated && photo ? (
        <div className="mt-3 grid gap-5" data-testid="photo-preview">
          <div className="flex items-center gap-4 rounded-3xl bg-cream p-3 ring-1 ring-ink/10">
            <img src={photo.url} alt="The photo you chose" className="size-20 shrink-0 rounded-2xl object-cover" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-bold text-ink">{photo.file.name}</p>
              <p className="text-sm text-ink-soft">
                {photo.width} × {photo.height} px · {formatSize(photo.file.size)}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
              Choose another photo
            </Button>
            <Button variant="ghost" size="sm" onClick={remove}>
              Remove photo
            </Button>
          </div>

          <div className="rounded-3xl border-2 border-ink/10 p-4 sm:p-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0 flex-1">
                <p className="font-bold text-ink">Crop to a square</p>
                <p className="text-[0.95rem] leading-snug text-ink-soft">Optional. Frame your child&apos;s face; we keep the whole photo too.</p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={photo.crop !== null}
                aria-label="Crop to a square"
                onClick={() => onPhoto({ ...photo, crop: photo.crop ? null : initialCrop(photo.width, photo.height) })}
                className={cn(
                  "relative inline-flex h-9 w-16 shrink-0 items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
                  photo.crop ? "bg-coral" : "bg-ink/25",
                )}
              >
                <span className={cn("inline-block size-7 rounded-full bg-white shadow transition-transform", photo.crop ? "translate-x-8" : "translate-x-1")} />
              </button>
            </div>
            {photo.crop ? (
              <div className="mt-5">
                <Suspense fallback={<div className="aspect-square w-full animate-pulse rounded-2xl bg-cream" />}>
                  <Cropper url={photo.url} width={photo.width} height={photo.height} crop={photo.crop} onChange={(crop) => onPhoto({ ...photo, crop })} />
                </Suspense>
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
