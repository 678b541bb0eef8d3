import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { httpErrors } from "../../http/app-error";
import type { RateLimiter } from "../../http/rate-limit";
import type { EnvelopeKind, LinkAccess, MilestoneConfirmUsecases } from "./guardians.confirm";
import { escapeHtml, familyLayout } from "./guardians.layout";
import { FAMILY_PAGE_LIMITS, familyPageLimit, onlyTheFamilyPage, unavailablePage } from "./guardians.link-pages";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND_WORD: Record<EnvelopeKind, string> = { video: "video", narration: "story with a photo", note: "note" };

/** 'This has happened' asks once, saying what a yes will do, before anything changes. */
function confirmQuestionPage(input: { token: string; memoryId: string; childName: string; preview: NonNullable<Awaited<ReturnType<MilestoneConfirmUsecases["preview"]>>> }) {
  const name = escapeHtml(input.childName);
  const { preview } = input;
  const what = `${name}'s ${KIND_WORD[preview.kind]}`;
  const effect =
    preview.stillNeeded === 0
      ? `${what} will open for ${name} now, and the family will be emailed.`
      : `${what} opens for ${name} once ${preview.stillNeeded === 1 ? "1 more of the family says" : `${preview.stillNeeded} more of the family say`} so too.`;
  const back = `/family/${escapeHtml(input.token)}#envelopes`;
  return familyLayout({
    title: "Has it happened?",
    body: preview.alreadyConfirmed
      ? `<div class="card" role="status"><h1>You already said this has happened</h1><p>${effect}</p><p><a href="${back}">Back to ${name}'s page</a></p></div>`
      : `<div class="card"><h1>Has “${escapeHtml(preview.milestone)}” happened?</h1><p>${effect}</p>
<div class="actions"><form method="post" action="/family/${escapeHtml(input.token)}/confirm/${input.memoryId}"><button class="button" type="submit">Yes, it has happened</button></form><a class="button secondary" href="${back}">Not yet</a></div></div>`,
  });
}

/** A guardian's 'This has happened' on one of the child's envelopes: the question, then the answer. */
export function registerMilestoneConfirmRoutes(options: { usecases: MilestoneConfirmUsecases; access: LinkAccess; rateLimit: RateLimiter }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();

  // Asks before confirming: opening it changes nothing.
  app.get("/family/:token/confirm/:memoryId", familyPageLimit(options.rateLimit, FAMILY_PAGE_LIMITS.childPage), async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    const access = await options.access({ token });
    const childName = access && (await usecases.childName(access));
    if (!access || childName === undefined) return c.html(unavailablePage(token), 404);
    if (access.kind !== "guardian") return c.html(onlyTheFamilyPage(), 403);
    const memoryId = c.req.param("memoryId");
    const preview = UUID.test(memoryId) ? await usecases.preview({ ...access, memoryId }) : undefined;
    if (!preview) return c.redirect(`/family/${encodeURIComponent(token)}#envelopes`, 303);
    return c.html(confirmQuestionPage({ token, memoryId, childName, preview }));
  });

  app.post("/family/:token/confirm/:memoryId", familyPageLimit(options.rateLimit, FAMILY_PAGE_LIMITS.confirm), async (c) => {
    const token = c.req.param("token");
    const access = await options.access({ token });
    if (!access) return c.html(unavailablePage(token), 404);
    // The child's own link (or a forwarded copy of it) shows the envelopes but cannot open them.
    if (access.kind !== "guardian") return c.html(onlyTheFamilyPage(), 403);
    const memoryId = c.req.param("memoryId");
    const valid = UUID.test(memoryId) && (await usecases.confirm({ ...access, memoryId }));
    if (!valid) throw httpErrors.notFound("No such envelope.");
    return c.redirect(`/family/${encodeURIComponent(token)}?confirmed=${memoryId}`, 303);
  });
  return app;
}
