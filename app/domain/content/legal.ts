/** The date shown on the legal pages (terms, refunds, cookies, privacy). Change it when their text changes. */
export const LEGAL_UPDATED = "1 November 2026";
