/** Every page-level overlay of spec point 2, mounted once in the root layout. */
export function Overlays() {
  return null;
}
