import { Hono } from "hono";
import { z } from "zod";
import { createCommentSchema, updateCommentSchema, VIDEO_COPY } from "../../../shared/videos";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { CommentsUsecases } from "./comments.usecases";

const videoParam = z.object({ id: z.uuid(VIDEO_COPY.videoIdRequired) });
const commentParam = videoParam.extend({ commentId: z.uuid("That comment could not be found.") });

export function registerCommentsRoutes(options: { usecases: CommentsUsecases }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();
  app.get("/api/videos/:id/comments", requireUser(), validate("param", videoParam), async (c) => c.json({ comments: await usecases.list(currentUser(c), c.req.valid("param").id) }));
  app.post("/api/videos/:id/comments", requireUser(), validate("param", videoParam), validate("json", createCommentSchema), async (c) =>
    c.json(await usecases.add(currentUser(c), { videoId: c.req.valid("param").id, ...c.req.valid("json") }), 201),
  );
  app.patch("/api/videos/:id/comments/:commentId", requireUser(), validate("param", commentParam), validate("json", updateCommentSchema), async (c) => {
    const { id, commentId } = c.req.valid("param");
    return c.json(await usecases.edit(currentUser(c), { videoId: id, commentId, content: c.req.valid("json").content }));
  });
  app.delete("/api/videos/:id/comments/:commentId", requireUser(), validate("param", commentParam), async (c) => {
    const { id, commentId } = c.req.valid("param");
    await usecases.remove(currentUser(c), { videoId: id, commentId });
    return c.body(null, 204);
  });
  return app;
}
