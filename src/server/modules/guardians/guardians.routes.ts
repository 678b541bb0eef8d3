import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { confirmationsNeededSchema, guardianInputSchema, guardianPausedSchema, legacySettingsSchema } from "../../../shared/guardians";
import type { RateLimitRule } from "../../http/rate-limit";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import { dadNameSchema } from "../../../shared/dad-name";
import { guardianErrors } from "./guardians.errors";
import type { DadNameUsecases } from "./guardians.dad-name";
import type { ConfirmationsUsecases } from "./guardians.confirmations";
import type { DeliveriesUsecases } from "./guardians.deliveries";
import type { GuardiansUsecases } from "./guardians.usecases";
import type { LegacyUsecases } from "./guardians.legacy";

/** A malformed id is a guardian that does not exist: 404, like another family's guardian. */
const guardianIdOr404: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!z.uuid().safeParse(c.req.param("id")).success) throw guardianErrors.notFound();
  await next();
};

/** Dad's side of Family delivery (signed in): his guardians, their invitations and links. */
export function registerGuardiansRoutes(options: {
  usecases: GuardiansUsecases;
  deliveries: Pick<DeliveriesUsecases, "forMemory">;
  confirmations: Pick<ConfirmationsUsecases, "needed" | "setNeeded" | "list" | "undo">;
  legacy: Pick<LegacyUsecases, "status" | "set">;
  dadName: DadNameUsecases;
  rateLimit: (rule: RateLimitRule) => MiddlewareHandler<AppEnv>;
}) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();
  const owner = (c: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(c).id, guardianId: c.req.param("id") as string });
  // Each invitation is an email to someone who did not ask for it: a few an hour per account.
  const invitations = options.rateLimit({ name: "guardian-invitations", max: 20, windowSeconds: 3600 });

  app.get("/api/guardians", requireUser(), async (c) => {
    const userId = currentUser(c).id;
    return c.json({ guardians: await usecases.list({ userId }), confirmationsNeeded: await options.confirmations.needed({ userId }) });
  });
  // How many accepted guardians must say 'This has happened' before a milestone opens (1 to 5; capped at the accepted ones).
  app.put("/api/guardians/confirmations-needed", requireUser(), validate("json", confirmationsNeededSchema), async (c) =>
    c.json({ confirmationsNeeded: await options.confirmations.setNeeded({ userId: currentUser(c).id, ...c.req.valid("json") }) }),
  );
  // Guardians' 'This has happened' on milestones, and Dad's undo (within 48 hours, before delivery).
  app.get("/api/guardians/confirmations", requireUser(), async (c) => c.json({ confirmations: await options.confirmations.list({ userId: currentUser(c).id }) }));
  app.delete("/api/guardians/confirmations/:confirmationId", requireUser(), async (c) => {
    const confirmationId = c.req.param("confirmationId");
    if (!z.uuid().safeParse(confirmationId).success) throw guardianErrors.confirmationNotFound();
    await options.confirmations.undo({ userId: currentUser(c).id, confirmationId });
    return c.body(null, 204);
  });
  // What his children call him: the name the family's pages and emails give him.
  app.get("/api/guardians/dad-name", requireUser(), async (c) => c.json({ dadName: await options.dadName.get({ userId: currentUser(c).id }) }));
  app.put("/api/guardians/dad-name", requireUser(), validate("json", dadNameSchema), async (c) =>
    c.json({ dadName: await options.dadName.set({ userId: currentUser(c).id, ...c.req.valid("json") }) }),
  );
  // 'If something happens to me': on or off, the period, and what earlier releases opened.
  app.get("/api/guardians/legacy", requireUser(), async (c) => c.json({ legacy: await options.legacy.status({ userId: currentUser(c).id }) }));
  app.put("/api/guardians/legacy", requireUser(), validate("json", legacySettingsSchema), async (c) =>
    c.json({ legacy: await options.legacy.set({ userId: currentUser(c).id, ...c.req.valid("json") }) }),
  );
  // Who one memory went to and when they opened the page; another family's memory id lists nothing.
  app.get("/api/guardians/deliveries/:memoryId", requireUser(), validate("param", z.object({ memoryId: z.uuid() })), async (c) =>
    c.json({ deliveries: await options.deliveries.forMemory({ userId: currentUser(c).id, memoryId: c.req.valid("param").memoryId }) }),
  );
  app.post("/api/guardians", requireUser(), invitations, validate("json", guardianInputSchema), async (c) =>
    c.json({ guardian: await usecases.add({ userId: currentUser(c).id, values: c.req.valid("json") }) }, 201),
  );
  app.patch("/api/guardians/:id", requireUser(), guardianIdOr404, validate("json", guardianInputSchema), async (c) =>
    c.json({ guardian: await usecases.update({ ...owner(c), values: c.req.valid("json") }) }),
  );
  app.put("/api/guardians/:id/paused", requireUser(), guardianIdOr404, validate("json", guardianPausedSchema), async (c) =>
    c.json({ guardian: await usecases.setPaused({ ...owner(c), paused: c.req.valid("json").paused }) }),
  );
  app.post("/api/guardians/:id/resend", requireUser(), guardianIdOr404, invitations, async (c) => c.json({ guardian: await usecases.resendInvitation(owner(c)) }));
  app.post("/api/guardians/:id/revoke-links", requireUser(), guardianIdOr404, async (c) => {
    await usecases.revokeLinks(owner(c));
    return c.body(null, 204);
  });
  app.delete("/api/guardians/:id", requireUser(), guardianIdOr404, async (c) => {
    await usecases.remove(owner(c));
    return c.body(null, 204);
  });
  return app;
}
