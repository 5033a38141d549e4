import { Hono } from "hono";
import { z } from "zod";
import { MARKET_COUNTRIES, MARKETS, marketOf } from "../../app/domain/pricing/markets";
import { isSecureRequest } from "../../app/services/auth/identity.server";
import { marketCookie } from "../../app/services/pricing/market.server";
import type { ApiEnv } from "./env";
import { methodNotAllowed } from "./errors";
import { zodValidator } from "./validate";

const choiceBody = z.object({ country: z.string().min(1).max(8) }).strict();

/**
 * GET  /api/markets          the twenty markets and the one in force for this request (and why)
 * POST /api/markets/choice   {"country": "GB"} saves the preference in the sn_market cookie; 400 for an unknown one
 */
export const markets = new Hono<ApiEnv>()
  .get("/", (c) => {
    const { market } = c.get("app");
    return c.json({ markets: MARKETS, current: market.market, source: market.source });
  })
  .all("/", methodNotAllowed(["GET"]))
  .post(
    "/choice",
    zodValidator("json", choiceBody, {
      unreadable: 'The request body must be JSON: {"country": "GB"}.',
      invalid: () => ({ error: `country must be one of ${MARKET_COUNTRIES.join(", ")}.` }),
    }),
    (c) => {
      const market = marketOf(c.req.valid("json").country);
      if (!market) return c.json({ error: `country must be one of ${MARKET_COUNTRIES.join(", ")}.` }, 400);
      c.header("Set-Cookie", marketCookie(market, isSecureRequest(c.req.raw)));
      c.header("Cache-Control", "no-store");
      return c.json({ market });
    },
  )
  .all("/choice", methodNotAllowed(["POST"]));

/** GET /api/pricing: the active plans priced for this request's market. */
export const pricing = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const { market, services } = c.get("app");
    const list = await services.pricing.priceList(market.market);
    return c.json({
      market: list.market,
      ratesDate: list.ratesDate,
      ratesSource: list.ratesSource,
      plans: list.plans.map((p) => ({
        planId: p.id,
        kind: p.kind,
        name: p.name,
        credits: p.credits,
        interval: p.interval,
        amountMinor: p.amountMinor,
        currencyCode: p.currencyCode,
        formatted: p.formatted,
      })),
    });
  })
  .all("/", methodNotAllowed(["GET"]));
