import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./client.server";
import { jsonObject } from "./json.server";
import { subscribers } from "./schema/index";

/**
 * Newsletter sign-up. The e-mail is trimmed and lower-cased before the lookup;
 * it must contain an at-sign. Unknown keys are dropped.
 */
export const subscribeSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(3, "Invalid email address")
    .max(254, "Invalid email address")
    .refine((e) => /^[^\s@]+@[^\s@]+$/.test(e), "Invalid email address"),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  source: z.string().trim().min(1).max(50).default("website"),
  metadata: jsonObject(8_192).default({}),
});

export type SubscribeOutcome = "subscribed" | "already-subscribed" | "reactivated";

/**
 * The subscribers-table flow: select by lower-cased e-mail; an active row is "already
 * subscribed", an inactive one is reactivated, otherwise a new row is inserted. A racing duplicate
 * insert lands on the unique e-mail and is reported as already subscribed.
 */
export async function subscribe(db: Db, input: z.input<typeof subscribeSchema>): Promise<SubscribeOutcome> {
  const s = subscribeSchema.parse(input);
  const [existing] = await db
    .select({ id: subscribers.id, isActive: subscribers.isActive })
    .from(subscribers)
    .where(eq(subscribers.email, s.email))
    .limit(1);
  if (existing?.isActive) return "already-subscribed";
  if (existing) {
    await db
      .update(subscribers)
      .set({
        isActive: true,
        source: s.source,
        ...(s.firstName ? { firstName: s.firstName } : {}),
        ...(s.lastName ? { lastName: s.lastName } : {}),
        metadata: JSON.stringify(s.metadata),
      })
      .where(eq(subscribers.id, existing.id));
    return "reactivated";
  }
  const inserted = await db
    .insert(subscribers)
    .values({
      email: s.email,
      firstName: s.firstName ?? null,
      lastName: s.lastName ?? null,
      source: s.source,
      metadata: JSON.stringify(s.metadata),
    })
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id });
  return inserted.length > 0 ? "subscribed" : "already-subscribed";
}
