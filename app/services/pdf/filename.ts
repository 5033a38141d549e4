/** The title made safe for a file name: letters, digits, spaces and a few marks; never empty. */
export function pdfFilename(title: string | null | undefined): string {
  const base = (title ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._,'()-]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[ .]+|[ .]+$/g, "")
    .slice(0, 80)
    .trim();
  return `${base || "StoryNest book"}.pdf`;
}
