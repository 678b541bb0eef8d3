import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { CHILD_KEY_COPY, cardQuestionSchema, childKeyAnswerSchema, childKeyAskSchema, handoverAgeSchema, ownAddressSchema } from "../../../shared/child-key";
import { httpErrors } from "../../http/app-error";
import type { RateLimiter } from "../../http/rate-limit";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { ChildKeyUsecases } from "./guardians.child-key";
import type { OwnKeyUsecases } from "./guardians.own-key";
import { escapeHtml, familyLayout } from "./guardians.layout";
import { childKeyErrors } from "./guardians.errors";
import { familyPageLimit } from "./guardians.link-pages";

/**
 * Per client address and hour. The card's code is 10 characters from 31 (about 8 × 10^14 codes), so at these
 * rates an unknown code answered plainly tells a guesser nothing useful.
 */
export const CHILD_KEY_LIMITS = {
  card: { name: "claim-card", max: 30, windowSeconds: 3600 },
  answer: { name: "claim-answer", max: 20, windowSeconds: 3600 },
  ask: { name: "claim-ask", max: 5, windowSeconds: 3600 },
  pages: { name: "claim-pages", max: 60, windowSeconds: 3600 },
};

const childIdOr404 = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw childKeyErrors.childNotFound();
  return id;
};

const smallForm = bodyLimit({
  maxSize: 4096,
  onError: () => {
    throw httpErrors.validation("The request body is too large.");
  },
});

const messagePage = (heading: string, text: string) => familyLayout({ title: heading, body: `<div class="card"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></div>` });
const notValidPage = (text: string) => messagePage("This link is not valid any more", text);

function askPage(request: { childName: string; email: string; status: string }, token: string, preferred?: string) {
  const name = escapeHtml(request.childName);
  const answered =
    request.status === "pending"
      ? ""
      : `<p role="status"><strong>${request.status === "refused" ? `The family said this was not ${name}. Nothing was sent.` : `This request was approved: ${name} has been sent a link to confirm the address.`}</strong></p>`;
  const button = (answer: "approve" | "refuse", label: string, secondary: boolean) =>
    `<form method="post" action="/family/asks/${escapeHtml(token)}"><input type="hidden" name="answer" value="${answer}"><button class="button${secondary ? " secondary" : ""}" type="submit"${preferred === answer ? " autofocus" : ""}>${label}</button></form>`;
  const buttons = request.status === "pending" ? `<div class="actions">${button("approve", "Approve", false)}${button("refuse", `Not ${name}`, true)}</div>` : "";
  return familyLayout({
    title: `${request.childName} is asking`,
    body: `<div class="card"><h1>${name} asks to receive the messages</h1>
<p>Someone with ${name}'s keepsake card asks to receive the messages left for ${name} at <strong>${escapeHtml(request.email)}</strong>.</p>
<p>If this is ${name}, approve: ${name} confirms the address and gets a private page. One approval is enough.</p>${answered}${buttons}</div>`,
  });
}

function welcomePage(found: { childName: string; email: string; state: "ready" | "confirmed" }, token: string) {
  const name = escapeHtml(found.childName);
  return familyLayout({
    title: "Confirm your address",
    body:
      found.state === "confirmed"
        ? `<div class="card" role="status"><h1>Your address is confirmed</h1><p>We emailed you the link to your page. If that link has run out, open it anyway: the page lets you email yourself a fresh one.</p></div>`
        : `<div class="card"><h1>Hello ${name}</h1><p>Confirm that <strong>${escapeHtml(found.email)}</strong> is your address, and your page opens. From now on, every message that opens for you is emailed to this address.</p>
<form method="post" action="/family/welcome/${escapeHtml(token)}"><div class="actions"><button class="button" type="submit" autofocus>Confirm and open my page</button></div></form></div>`,
  });
}

/**
 * The child's own key. Dad's side (signed in): the question on a child's keepsake card. The card's side (public,
 * rate-limited): the claim page's API, the family's Approve / Not <child> page, and the child's address confirmation.
 * Opening a page decides nothing (mail scanners open links): its buttons do.
 */
export function registerChildKeyRoutes(options: { usecases: ChildKeyUsecases; ownKey: OwnKeyUsecases; rateLimit: RateLimiter }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();
  const limit = (rule: (typeof CHILD_KEY_LIMITS)[keyof typeof CHILD_KEY_LIMITS]) => options.rateLimit(rule);
  const pageLimit = familyPageLimit(options.rateLimit, CHILD_KEY_LIMITS.pages);

  app.get("/api/children/:id/card-question", requireUser(), async (c) =>
    c.json({ question: await usecases.questionOf({ userId: currentUser(c).id, childId: childIdOr404(c.req.param("id")) }) }),
  );
  app.put("/api/children/:id/card-question", requireUser(), validate("json", cardQuestionSchema), async (c) => {
    await usecases.setQuestion({ userId: currentUser(c).id, childId: childIdOr404(c.req.param("id")), ...c.req.valid("json") });
    return c.body(null, 204);
  });

  // The child's own address and the age the page is handed over at.
  const ownKeyOf = (c: Context<AppEnv>) => ({ userId: currentUser(c).id, childId: childIdOr404(c.req.param("id")!) });
  app.get("/api/children/:id/own-key", requireUser(), async (c) => c.json({ ownKey: await options.ownKey.status(ownKeyOf(c)) }));
  app.put("/api/children/:id/own-key/address", requireUser(), validate("json", ownAddressSchema), async (c) =>
    c.json({ ownKey: await options.ownKey.nameAddress({ ...ownKeyOf(c), ...c.req.valid("json") }) }),
  );
  app.delete("/api/children/:id/own-key/address", requireUser(), validate("json", ownAddressSchema), async (c) =>
    c.json({ ownKey: await options.ownKey.withdrawAddress({ ...ownKeyOf(c), ...c.req.valid("json") }) }),
  );
  app.put("/api/children/:id/own-key/handover-age", requireUser(), validate("json", handoverAgeSchema), async (c) =>
    c.json({ ownKey: await options.ownKey.setHandoverAge({ ...ownKeyOf(c), ...c.req.valid("json") }) }),
  );

  app.get("/api/claims/:code", limit(CHILD_KEY_LIMITS.card), async (c) => {
    c.header("cache-control", "no-store");
    return c.json({ card: await usecases.card({ code: c.req.param("code") }) });
  });
  app.post("/api/claims/:code/answer", limit(CHILD_KEY_LIMITS.answer), validate("json", childKeyAnswerSchema), async (c) => {
    await usecases.answer({ code: c.req.param("code"), ...c.req.valid("json") });
    return c.json({ sentTo: c.req.valid("json").email }, 202);
  });
  app.post("/api/claims/:code/ask", limit(CHILD_KEY_LIMITS.ask), validate("json", childKeyAskSchema), async (c) => {
    await usecases.ask({ code: c.req.param("code"), ...c.req.valid("json") });
    return c.json({ askedFor: c.req.valid("json").email }, 202);
  });

  app.get("/family/asks/:token", pageLimit, async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    const request = await usecases.request({ token });
    if (!request) return c.html(notValidPage("This request is not known. Please use the link in the most recent email."), 404);
    return c.html(askPage(request, token, c.req.query("answer")));
  });
  app.post("/family/asks/:token", pageLimit, smallForm, async (c) => {
    const token = c.req.param("token");
    const answer = (await c.req.parseBody()).answer;
    if (answer !== "approve" && answer !== "refuse") throw httpErrors.validation("Please choose Approve or Not.");
    if (!(await usecases.decide({ token, answer }))) return c.html(notValidPage("This request is not known. Please use the link in the most recent email."), 404);
    return c.redirect(`/family/asks/${encodeURIComponent(token)}`, 303);
  });

  const welcomeGone = () => notValidPage("Links to confirm an address work for 7 days. Please ask again from the keepsake card.");
  app.get("/family/welcome/:token", pageLimit, async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    const found = await usecases.welcome({ token });
    if (!found) return c.html(welcomeGone(), 404);
    return c.html(welcomePage({ ...found, email: found.request.email }, token));
  });
  app.post("/family/welcome/:token", pageLimit, async (c) => {
    const token = c.req.param("token");
    const result = await usecases.confirm({ token });
    if (!result) return c.html(welcomeGone(), 404);
    if ("pageUrl" in result) return c.redirect(new URL(result.pageUrl).pathname, 303);
    if (result.refused === "taken") return c.html(messagePage("Please use your own address", CHILD_KEY_COPY.addressTaken), 409);
    return c.redirect(`/family/welcome/${encodeURIComponent(token)}`, 303);
  });
  return app;
}
