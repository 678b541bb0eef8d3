import { Hono } from "hono";
import { z } from "zod";
import { keepsakeCardQuerySchema } from "../../../shared/export";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import { contentDisposition } from "../storage/storage";
import { exportErrors } from "./export.errors";
import type { ExportUsecases } from "./export.usecases";

const archiveId = z.object({ id: z.string() });
const uuidOr404 = (id: string, notFound: () => Error) => {
  if (!z.uuid().safeParse(id).success) throw notFound();
  return id;
};

/**
 * 'Download everything' and keepsake cards. Not behind the access check: the archive works with or
 * without a subscription: lapsed access locks only Dad's own viewing in the app. What a card's code opens is the
 * guardians module's (the child's own key).
 */
export function registerExportRoutes(options: { usecases: ExportUsecases }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();

  app.post("/api/exports", requireUser(), async (c) => c.json({ archive: await usecases.requestArchive({ userId: currentUser(c).id }) }, 202));
  app.get("/api/exports/latest", requireUser(), async (c) => c.json({ archive: await usecases.latest({ userId: currentUser(c).id }) }));
  app.get("/api/exports/:id", requireUser(), validate("param", archiveId), async (c) => {
    const id = uuidOr404(c.req.valid("param").id, exportErrors.notFound);
    return c.json({ archive: await usecases.get({ userId: currentUser(c).id, id }) });
  });
  app.get("/api/exports/:id/download", requireUser(), validate("param", archiveId), async (c) => {
    const id = uuidOr404(c.req.valid("param").id, exportErrors.notFound);
    return c.redirect(await usecases.downloadLink({ userId: currentUser(c).id, id }), 302);
  });

  app.get("/api/children/:id/keepsake-card", requireUser(), validate("query", keepsakeCardQuerySchema), async (c) => {
    const childId = uuidOr404(c.req.param("id"), exportErrors.childNotFound);
    const card = await usecases.keepsakeCard({ userId: currentUser(c).id, childId, ...c.req.valid("query") });
    return c.body(new Uint8Array(card.pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("attachment", card.fileName),
      "Cache-Control": "private, no-store",
    });
  });

  return app;
}
