import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { redeemGiftCodeRequestSchema } from "../../../shared/billing.schemas";
import { isWellFormedGiftCode, normalizeGiftCode } from "../../../shared/gift-code";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { GiftsUsecases } from "./gifts.usecases";

export function registerGiftsRoutes(options: { gifts: GiftsUsecases; checkRateLimit: MiddlewareHandler<AppEnv> }) {
  const app = new Hono<AppEnv>();

  // Public and rate-limited: the signup modal checks before an account exists.
  app.get("/api/check-giftcode", options.checkRateLimit, validate("query", z.object({ giftCode: z.string().max(64) })), async (c) => {
    const code = normalizeGiftCode(c.req.valid("query").giftCode);
    const { valid } = isWellFormedGiftCode(code) ? await options.gifts.check(code) : { valid: false };
    return c.json({ valid, data: valid });
  });

  // The user comes from the session, never from the body.
  app.post("/api/redeem-giftcode", requireUser(), options.checkRateLimit, validate("json", redeemGiftCodeRequestSchema), async (c) =>
    c.json(await options.gifts.redeem(currentUser(c), c.req.valid("json").giftCode)),
  );
  return app;
}
