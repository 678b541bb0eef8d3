import { Hono } from "hono";
import { z } from "zod";
import { editTranscriptSchema, transcriptSearchSchema } from "../../../shared/transcripts";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import { validate } from "../../http/validate";
import type { TranscriptsUsecases } from "./transcripts.usecases";

const memoryParam = z.object({ id: z.uuid("That memory could not be found.") });

/** The transcript of any of Dad's memories with a recording: read it, or write his own; and search what he said. */
export function registerTranscriptsRoutes(options: { usecases: TranscriptsUsecases }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();
  app.get("/api/transcripts/search", requireUser(), validate("query", transcriptSearchSchema), async (c) => c.json(await usecases.search({ userId: currentUser(c).id, query: c.req.valid("query").q })));
  app.get("/api/memories/:id/transcript", requireUser(), validate("param", memoryParam), async (c) => c.json(await usecases.get({ userId: currentUser(c).id, memoryId: c.req.valid("param").id })));
  app.put("/api/memories/:id/transcript", requireUser(), validate("param", memoryParam), validate("json", editTranscriptSchema), async (c) =>
    c.json(await usecases.edit({ userId: currentUser(c).id, memoryId: c.req.valid("param").id, text: c.req.valid("json").text })),
  );
  return app;
}
