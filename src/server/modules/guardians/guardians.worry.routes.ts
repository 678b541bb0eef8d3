import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import type { RateLimiter } from "../../http/rate-limit";
import { escapeHtml, familyLayout } from "./guardians.layout";
import type { LegacyUsecases } from "./guardians.legacy";
import type { FamilyLinksUsecases } from "./guardians.links";
import { FAMILY_PAGE_LIMITS, familyPageLimit, onlyTheFamilyPage, unavailablePage } from "./guardians.link-pages";

function worryPage(input: { token: string; dadName: string; childName: string; rule: { guardiansNeeded: number; vetoDays: number }; done: boolean }) {
  const dad = escapeHtml(input.dadName);
  const back = `<a href="/family/${escapeHtml(input.token)}">Back to ${escapeHtml(input.childName)}'s page</a>`;
  const needed = input.rule.guardiansNeeded === 1 ? "one of the family says" : `${input.rule.guardiansNeeded} of the family say`;
  return familyLayout({
    title: `Worried about ${input.dadName}?`,
    body: input.done
      ? `<div class="card" role="status"><h1>Thank you for telling us</h1><p>We have emailed ${dad} to ask if he is all right, and told the rest of the family. If he is fine, he only has to tap 'I'm here', and nothing changes.</p><p>${back}</p></div>`
      : `<div class="card"><h1>Has something happened to ${dad}?</h1>
<p>${dad} left some messages to open early if something happens to him: when ${needed} so, and he does not answer us within ${input.rule.vetoDays} days.</p>
<p>If you tell us, we email ${dad} at once to ask if he is all right, and let the rest of the family know. Nothing opens while he answers.</p>
<div class="actions"><form method="post" action="/family/${escapeHtml(input.token)}/worried"><button class="button" type="submit">I'm worried about ${dad}</button></form><a class="button secondary" href="/family/${escapeHtml(input.token)}">Not now</a></div></div>`,
  });
}

/**
 * The second key of 'If something happens to me', from a guardian's page: "I'm worried about him". Opening the
 * page changes nothing (mail scanners open links); the button does. The child's own link cannot say it.
 */
export function registerWorryPages(options: { links: FamilyLinksUsecases; legacy: Pick<LegacyUsecases, "worryRule" | "worry">; rateLimit: RateLimiter }) {
  const app = new Hono<AppEnv>();
  const pageLimit = familyPageLimit(options.rateLimit, FAMILY_PAGE_LIMITS.childPage);
  const worryLimit = familyPageLimit(options.rateLimit, FAMILY_PAGE_LIMITS.worry);

  app.get("/family/:token/worried", pageLimit, async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    const page = await options.links.open({ token });
    if (page.state === "unavailable") return c.html(unavailablePage(token), 404);
    if (page.access.kind !== "guardian") return c.html(onlyTheFamilyPage(), 403);
    const rule = await options.legacy.worryRule({ userId: page.access.userId });
    if (!rule) return c.redirect(`/family/${encodeURIComponent(token)}`, 303);
    return c.html(worryPage({ token, dadName: page.dadFullName, childName: page.child.name, rule, done: c.req.query("done") === "1" }));
  });

  app.post("/family/:token/worried", worryLimit, async (c) => {
    const token = c.req.param("token");
    const access = await options.links.access({ token });
    if (!access) return c.html(unavailablePage(token), 404);
    if (access.kind !== "guardian") return c.html(onlyTheFamilyPage(), 403);
    if (!(await options.legacy.worry({ access }))) return c.redirect(`/family/${encodeURIComponent(token)}`, 303);
    return c.redirect(`/family/${encodeURIComponent(token)}/worried?done=1`, 303);
  });
  return app;
}
