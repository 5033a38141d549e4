import type { AppEnv } from "./env.server";
import { createDb, type Db } from "./db/client.server";
import { createThemeService, type ThemeService } from "./themes.server";

export interface Services {
  db: Db;
  themes: ThemeService;
}

/** Every service for one request, chosen from the environment in this one place. */
export function createServices(env: AppEnv, _ctx: ExecutionContext): Services {
  const db = createDb(env.DB);
  return {
    db,
    themes: createThemeService(db, env.CACHE),
  };
}
