/**
 * What the purchase pages (/myorders, /order/{id}, /user-credits) share on the server: they are
 * private pages, never kept by a shared cache, and never indexed.
 */
export const PURCHASE_PAGE_HEADERS: HeadersInit = { "Cache-Control": "private, no-store", Vary: "Cookie" };
