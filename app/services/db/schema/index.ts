// Every D1 table, one file per area; drizzle-kit reads this folder to write migrations/.
export * from "./books";
export * from "./email";
