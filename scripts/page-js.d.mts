// Types for scripts/page-js.mjs (a plain ES module the benches run with node), for the budget test.
export const MEASURED_PAGES: [page: string, routeId: string][];

export interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
}

export function readManifest(clientDir?: string): RemixManifest;

export function pageJavaScript(
  routeId: string,
  options?: { clientDir?: string; manifest?: RemixManifest },
): { files: number; raw: number; gzip: number; sizes: { file: string; raw: number; gzip: number }[] };
