// Every D1 table, one file per area; drizzle-kit reads this folder to write migrations/.
export * from "./users";
export * from "./auth";
export * from "./themes";
export * from "./children";
export * from "./books";
export * from "./visitors";
export * from "./subscribers";
export * from "./social";
export * from "./nino";
export * from "./commerce";
export * from "./email";
export * from "./test-payments";
export * from "./limits";
