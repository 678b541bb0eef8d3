import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { createVideoSchema, MAX_THUMBNAIL_BYTES, updateVideoNotesSchema, VIDEO_COPY } from "../../../shared/videos";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../auth/auth.middleware";
import { serveFile } from "../../http/serve-file";
import { videoErrors } from "./videos.errors";
import type { VideosUsecases } from "./videos.usecases";

export const videoIdParam = z.object({ id: z.uuid(VIDEO_COPY.videoIdRequired) });

/** Saving a new video and playing one need access (`requireAccess`: 403 ACCESS_REQUIRED otherwise). */
export function registerVideosRoutes(options: { usecases: VideosUsecases; requireAccess: MiddlewareHandler<AppEnv> }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();
  app.post("/api/videos", requireUser(), options.requireAccess, validate("json", createVideoSchema), async (c) => c.json(await usecases.create(currentUser(c), c.req.valid("json")), 201));
  app.get("/api/videos", requireUser(), async (c) => c.json({ videos: await usecases.list(currentUser(c)) }));
  app.get("/api/videos/:id", requireUser(), validate("param", videoIdParam), async (c) => c.json(await usecases.get(currentUser(c), c.req.valid("param").id)));
  app.patch("/api/videos/:id", requireUser(), validate("param", videoIdParam), validate("json", updateVideoNotesSchema), async (c) =>
    c.json(await usecases.updateNotes(currentUser(c), { id: c.req.valid("param").id, notes: c.req.valid("json").notes })),
  );
  app.delete("/api/videos/:id", requireUser(), validate("param", videoIdParam), async (c) => {
    await usecases.remove(currentUser(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.get("/api/videos/:id/playback", requireUser(), options.requireAccess, validate("param", videoIdParam), async (c) => c.json(await usecases.playbackLink(currentUser(c), c.req.valid("param").id)));
  // Dad's original while it is processed, served as stored files are (ranges, so his player can seek).
  app.get("/api/videos/:id/original", requireUser(), options.requireAccess, validate("param", videoIdParam), async (c) =>
    serveFile(c, await usecases.original(currentUser(c), c.req.valid("param").id)),
  );
  app.put("/api/videos/:id/thumbnail", requireUser(), validate("param", videoIdParam), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_THUMBNAIL_BYTES) throw videoErrors.invalidThumbnail();
    return c.json(await usecases.setThumbnail(currentUser(c), { id: c.req.valid("param").id, bytes }));
  });
  app.get("/api/videos/:id/thumbnail-candidates", requireUser(), validate("param", videoIdParam), async (c) =>
    c.json({ candidates: await usecases.thumbnailCandidates(currentUser(c), c.req.valid("param").id) }),
  );
  return app;
}
