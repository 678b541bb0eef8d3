import { Hono } from "hono";
import { z } from "zod";
import { subscribeInputSchema } from "../../../shared/subscribe-schema";
import { BLOG_READS } from "../../../shared/reads";
import { validate } from "../../http/validate";
import type { AppEnv } from "../../http/app-env";
import type { RateLimiter } from "../../http/rate-limit";
import { marketingErrors } from "./marketing.errors";
import type { MarketingUsecases } from "./marketing.usecases";
import type { ReadsFeed } from "./reads-feed";

const tokenQuery = z.object({ token: z.string().min(10).max(100) });

/** The public marketing API: the Dad Moves list, its PDF, the reads feed and its previews. */
export function registerMarketingRoutes(options: { marketing: MarketingUsecases; reads: ReadsFeed; rateLimit: RateLimiter }) {
  const app = new Hono<AppEnv>();
  const { marketing, reads } = options;

  app.post("/api/subscribe", options.rateLimit({ name: "subscribe", max: 5 }), validate("json", subscribeInputSchema), async (c) =>
    c.json(await marketing.subscribe(c.req.valid("json"))),
  );

  // The link in every email (one click) and the List-Unsubscribe-Post one-click from mail clients.
  app.get("/api/unsubscribe", validate("query", tokenQuery), async (c) => {
    if (!(await marketing.unsubscribe(c.req.valid("query").token))) throw marketingErrors.unknownUnsubscribeToken();
    return c.redirect("/dadmoves?unsubscribed=1", 303);
  });
  app.post("/api/unsubscribe", validate("query", tokenQuery), async (c) => {
    if (!(await marketing.unsubscribe(c.req.valid("query").token))) throw marketingErrors.unknownUnsubscribeToken();
    return c.json({ unsubscribed: true });
  });

  app.get("/api/dad-moves.pdf", async (c) =>
    c.body(Buffer.from(await marketing.dadMovesPdf()), 200, {
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="52-dad-moves.pdf"',
      "cache-control": "public, max-age=86400",
    }),
  );

  app.get(
    "/api/substack-feed",
    options.rateLimit({ name: "reads", max: 60 }),
    validate("query", z.object({ limit: z.coerce.number().int().min(1).max(BLOG_READS).default(BLOG_READS) })),
    async (c) => {
      c.header("cache-control", "public, max-age=300");
      return c.json(await reads.list(c.req.valid("query").limit));
    },
  );

  app.get("/api/substack-og", options.rateLimit({ name: "reads-og", max: 60 }), validate("query", z.object({ url: z.string().max(2000) })), async (c) => {
    const { url } = c.req.valid("query");
    if (!reads.isAllowedArticleUrl(url)) throw marketingErrors.urlNotAllowed();
    c.header("cache-control", "public, max-age=86400");
    return c.json({ image: await reads.previewImage(url) });
  });

  return app;
}
