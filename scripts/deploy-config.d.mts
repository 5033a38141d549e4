// Types for scripts/deploy-config.mjs (a plain Node script, also imported by its unit test).
export declare const DEPLOY_SETTINGS: string[];
export declare const PRODUCTION_SECRETS: [string, string][];
export declare function parseEnvFile(text: string): Record<string, string>;
export declare function deployProblems(settings: Record<string, string | undefined>, options: { dryRun: boolean }): string[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Wrangler's configuration as parsed from TOML
export declare function productionConfig(wranglerToml: string, settings: Record<string, string | undefined>): Record<string, any>;
export declare function describeConfig(config: Record<string, unknown>): string;
