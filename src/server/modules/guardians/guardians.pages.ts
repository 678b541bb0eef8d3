import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { httpErrors } from "../../http/app-error";
import { joinNames } from "./guardians.emails";
import { escapeHtml, familyLayout } from "./guardians.layout";
import type { GuardiansUsecases } from "./guardians.usecases";

type Invitation = Awaited<ReturnType<GuardiansUsecases["invitation"]>>;

const notFoundPage = () =>
  familyLayout({
    title: "Link not valid",
    body: `<div class="card"><h1>This invitation link is not valid any more</h1><p>It may have been replaced by a newer invitation. Please use the link in the most recent email, or ask the person who invited you to send it again.</p></div>`,
  });

function invitationPage(invitation: Invitation, token: string, preferred?: string) {
  const children = invitation.childNames.length ? joinNames(invitation.childNames) : "his children";
  const who = `${escapeHtml(invitation.dadName)} has named you as a guardian for ${escapeHtml(children)}`;
  const form = (answer: "accept" | "decline", label: string, secondary: boolean) =>
    `<form method="post" action="/family/invite/${escapeHtml(token)}"><input type="hidden" name="answer" value="${answer}"><button class="button${secondary ? " secondary" : ""}" type="submit"${preferred === answer ? " autofocus" : ""}>${label}</button></form>`;
  const answered =
    invitation.status === "accepted"
      ? `<p><strong>You have accepted.</strong> We have emailed you a private link to each child's page.</p>`
      : invitation.status === "declined"
        ? `<p><strong>You have declined.</strong> Nothing will be sent to you. Changed your mind? You can still accept.</p>`
        : "";
  const buttons =
    invitation.status === "accepted"
      ? `<div class="actions">${form("decline", "Stop receiving", true)}</div>`
      : invitation.status === "declined"
        ? `<div class="actions">${form("accept", "Accept", false)}</div>`
        : `<div class="actions">${preferred === "decline" ? `${form("decline", "Decline", false)}${form("accept", "Accept", true)}` : `${form("accept", "Accept", false)}${form("decline", "Decline", true)}`}</div>`;
  return familyLayout({
    title: "Your invitation",
    body: `<div class="card"><h1>Hello ${escapeHtml(invitation.guardianName)}</h1>
<p>${who}.</p>
<p>When one of his messages (a video, a voice note, a story with photos) opens for them, we will email you a private link to that child's page, where you can watch, listen and download it. You need no account and no password.</p>
${answered}${buttons}</div>`,
  });
}

/** The public invitation page: opening it changes nothing (mail scanners open links); the buttons post the answer. */
export function registerGuardianPages(options: { usecases: GuardiansUsecases }) {
  const { usecases } = options;
  const app = new Hono();
  const load = async (token: string) => {
    try {
      return await usecases.invitation({ token });
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === "INVITATION_NOT_FOUND") return undefined;
      throw error;
    }
  };

  app.get("/family/invite/:token", async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    const invitation = await load(token);
    if (!invitation) return c.html(notFoundPage(), 404);
    return c.html(invitationPage(invitation, token, c.req.query("answer")));
  });

  app.post(
    "/family/invite/:token",
    bodyLimit({ maxSize: 4096, onError: () => { throw httpErrors.validation("The request body is too large."); } }),
    async (c) => {
      c.header("cache-control", "no-store");
      const token = c.req.param("token");
      const answer = (await c.req.parseBody()).answer;
      if (answer !== "accept" && answer !== "decline") throw httpErrors.validation("Please choose Accept or Decline.");
      if (!(await load(token))) return c.html(notFoundPage(), 404);
      await usecases.respond({ token, answer });
      return c.redirect(`/family/invite/${token}`, 303);
    },
  );
  return app;
}
