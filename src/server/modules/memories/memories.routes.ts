import { Hono, type MiddlewareHandler } from "hono";
import { assertStorableText } from "../../http/input-guard";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { editMemorySchema, IDEMPOTENCY_KEY_HEADER, MAX_AUDIO_BYTES, MAX_IMAGE_BYTES, memoryListQuerySchema, narrationFieldsSchema, RECORDED_KINDS } from "../../../shared/memories";
import { httpErrors } from "../../http/app-error";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../auth/auth.middleware";
import { memoryErrors } from "./memories.errors";
import type { MemoriesUsecases, UploadedFile } from "./memories.usecases";

/** The narration upload carries its own limit (the app's 1 MB JSON limit skips this path). */
export const NARRATION_UPLOAD_PATH = "/api/narrations";
export const NARRATION_UPLOAD_MAX_BYTES = MAX_AUDIO_BYTES + MAX_IMAGE_BYTES + 1024 * 1024;

const idParam = z.object({ id: z.uuid() });
const validId = validate("param", idParam);

async function fileBytes(value: unknown): Promise<UploadedFile | null> {
  if (value instanceof File && value.size > 0) return { bytes: Buffer.from(await value.arrayBuffer()) };
  return null;
}

/** `requireAccess` refuses recording to a dad whose free month is over without a plan (403 ACCESS_REQUIRED). */
export function registerMemoriesRoutes(options: { usecases: MemoriesUsecases; requireAccess: MiddlewareHandler<AppEnv> }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();

  app.get("/api/memories", requireUser(), validate("query", memoryListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    return c.json(await usecases.list({ userId: currentUser(c).id, ...query }));
  });

  app.get("/api/memories/child-counts", requireUser(), async (c) => c.json({ children: await usecases.childCounts({ userId: currentUser(c).id }) }));

  app.get("/api/memories/coming-up", requireUser(), async (c) => c.json(await usecases.comingUp({ userId: currentUser(c).id })));

  app.post(
    NARRATION_UPLOAD_PATH,
    requireUser(),
    options.requireAccess,
    bodyLimit({ maxSize: NARRATION_UPLOAD_MAX_BYTES, onError: () => { throw memoryErrors.audioTooLarge("The recording and image are too large together."); } }),
    async (c) => {
      const user = currentUser(c);
      const form = await c.req.parseBody().catch(() => null);
      if (!form || typeof form.data !== "string") throw memoryErrors.badForm();
      let data: unknown;
      try {
        data = JSON.parse(form.data);
      } catch {
        throw memoryErrors.badForm();
      }
      assertStorableText(data);
      const parsed = narrationFieldsSchema.safeParse(data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw httpErrors.validation(issue?.message ?? "invalid input");
      }
      const idempotencyKey = c.req.header(IDEMPOTENCY_KEY_HEADER) ?? null;
      if (idempotencyKey !== null && !z.uuid().safeParse(idempotencyKey).success) throw httpErrors.validation(`${IDEMPOTENCY_KEY_HEADER} must be a UUID`);
      const created = await usecases.createNarration({
        userId: user.id,
        fields: parsed.data,
        audio: await fileBytes(form.audio),
        image: await fileBytes(form.image),
        idempotencyKey: idempotencyKey?.toLowerCase() ?? null,
      });
      return c.json({ id: created.id }, 201);
    },
  );

  // Editing any memory (narration, quick note or video) after saving it: the fields every memory has.
  app.patch("/api/memories/:id", requireUser(), validId, validate("json", editMemorySchema), async (c) =>
    c.json(await usecases.edit({ userId: currentUser(c).id, id: c.req.valid("param").id, fields: c.req.valid("json") })),
  );

  app.get("/api/narrations/:id", requireUser(), validId, async (c) => c.json(await usecases.get({ userId: currentUser(c).id, id: c.req.valid("param").id })));

  app.delete("/api/narrations/:id", requireUser(), validId, async (c) => {
    await usecases.deleteNarration({ userId: currentUser(c).id, id: c.req.valid("param").id });
    return c.body(null, 204);
  });

  // 'Unlock now' on a milestone narration, quick note or video: one usecase for both tables.
  for (const [path, kinds] of [["narrations", RECORDED_KINDS], ["videos", ["video"]]] as const) {
    app.post(`/api/${path}/:id/unlock`, requireUser(), validId, async (c) =>
      c.json(await usecases.markMilestoneReached({ userId: currentUser(c).id, id: c.req.valid("param").id, kinds })),
    );
  }

  return app;
}
