/**
 * WebP in the Worker: libwebp compiled to WebAssembly (the Squoosh build packaged as @jsquash/webp).
 * resvg writes only PNG, and a page picture's smaller copies as PNG stayed about as heavy as the
 * picture itself (a 640 px square copy of a drawn page: about 130 KB); as WebP at quality 80 the
 * same copy is about 27 KB and looks the same. The encoder's .wasm is imported as a module (wrangler
 * bundles it; the Workers test pool loads it with the same rules) and started once per isolate.
 */
import encoderFactory from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import encoderWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm";
import { defaultOptions } from "@jsquash/webp/meta.js";

/** How the copies are encoded: lossy, quality 80 (libwebp's scale), libwebp's other defaults. */
export const WEBP_QUALITY = 80;

interface WebpEncoder {
  encode(data: Uint8Array | Uint8ClampedArray, width: number, height: number, options: typeof defaultOptions): Uint8Array | null;
}

type EncoderFactory = (options: {
  noInitialRun: boolean;
  locateFile: (path: string) => string;
  instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => WebAssembly.Exports;
}) => Promise<WebpEncoder>;

let encoder: Promise<WebpEncoder> | undefined;

function startEncoder(): Promise<WebpEncoder> {
  if (!encoder) {
    encoder = (encoderFactory as unknown as EncoderFactory)({
      noInitialRun: true,
      // the module is already compiled: nothing is fetched or looked up by address
      locateFile: (path) => path,
      instantiateWasm: (imports, done) => {
        const instance = new WebAssembly.Instance(encoderWasm, imports);
        done(instance);
        return instance.exports;
      },
    }).catch((error: unknown) => {
      encoder = undefined;
      throw new Error(`Could not start the WebP encoder: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return encoder;
}

/**
 * Encodes RGBA pixels (straight, not premultiplied alpha; 4 bytes a pixel, row after row) as a lossy
 * WebP. Throws when the pixels do not fill the size or the encoder refuses them.
 */
export async function encodeWebp(rgba: Uint8Array, width: number, height: number, quality: number = WEBP_QUALITY): Promise<Uint8Array<ArrayBuffer>> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || rgba.length !== width * height * 4)
    throw new RangeError(`encodeWebp needs ${width}×${height}×4 bytes of RGBA, got ${rgba.length}`);
  const webp = await startEncoder();
  const out = webp.encode(rgba, width, height, { ...defaultOptions, quality });
  if (!out || out.length === 0) throw new Error("The WebP encoder refused the picture");
  // the encoder hands back its own copy; one more makes it an ordinary ArrayBuffer-backed array
  return new Uint8Array(out);
}

/**
 * resvg's pixels are premultiplied by their alpha; WebP wants them straight. A picture with no
 * transparency (every page picture) is the same either way and is handed back as it is.
 */
export function unpremultiply(rgba: Uint8Array): Uint8Array {
  let copy: Uint8Array | null = null;
  for (let i = 3; i < rgba.length; i += 4) {
    const a = rgba[i]!;
    if (a === 255) continue;
    copy ??= Uint8Array.from(rgba);
    if (a === 0) continue;
    for (let c = i - 3; c < i; c++) copy[c] = Math.min(255, Math.round((rgba[c]! * 255) / a));
  }
  return copy ?? rgba;
}
