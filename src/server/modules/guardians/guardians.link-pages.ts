import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/app-env";
import { AppError, defineError } from "../../http/app-error";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limit";
import { escapeHtml, familyLayout } from "./guardians.layout";

/**
 * The answers every public family route may give besides its own page: a link that no longer works, a link that may
 * not do this, and too many requests. They live apart from the child's page so that a route answering them (a
 * confirmation, the worry page, the keepsake card) reaches only these.
 */

const FAMILY_RATE_LIMITED = "FAMILY_RATE_LIMITED";
const refusedByLimit = defineError(FAMILY_RATE_LIMITED, 429, "Too many requests. Please wait a few minutes and try again.");

/** A link that expired or was withdrawn; `notice` is the answer to 'Email me a fresh link', when it was asked. */
export function unavailablePage(token: string, notice?: string) {
  return familyLayout({
    title: "This link has expired",
    body: `<div class="card"><h1>This link has expired</h1>
<p>Links to a child's page work for 30 days, and can be withdrawn. If this link was sent to you, we can email a fresh one to the address it was sent to.</p>
${
  notice
    ? `<p role="status"><strong>${escapeHtml(notice)}</strong></p>`
    : `<form method="post" action="/family/${escapeHtml(token)}/fresh-link"><button class="button" type="submit">Email me a fresh link</button></form>`
}</div>`,
  });
}

export const onlyTheFamilyPage = () =>
  familyLayout({
    title: "For the family",
    body: `<div class="card" role="alert"><h1>Only the family can open this</h1><p>A message for a moment still to come opens when one of the family tells us it has happened. Nothing was changed.</p></div>`,
  });

const tooManyPage = () =>
  familyLayout({
    title: "Too many requests",
    body: `<div class="card" role="alert"><h1>Too many requests</h1><p>This page was asked for many times in a short while from your connection. Please wait a few minutes, then try again: your links keep working.</p></div>`,
  });

/**
 * Per client address and hour. Every public family route has its own limit (a page view, an invitation,
 * 'I'm here', a confirmation are counted apart), and past it answers the same page: 429, with Retry-After.
 */
export const FAMILY_PAGE_LIMITS = {
  worry: { name: "family-worry", max: 10, windowSeconds: 3600 },
  childPage: { name: "family-page", max: 300, windowSeconds: 3600 },
  invitation: { name: "family-invitation", max: 60, windowSeconds: 3600 },
  herePage: { name: "family-here-page", max: 60, windowSeconds: 3600 },
  imHere: { name: "family-here", max: 10, windowSeconds: 3600 },
  confirm: { name: "family-confirm", max: 20, windowSeconds: 3600 },
  freshLink: { name: "family-fresh-link", max: 5, windowSeconds: 3600 },
  archive: { name: "family-archive", max: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** A family page's limit: a guardian is a person with a browser, so the refusal is a page, not the API's JSON. */
export function familyPageLimit(rateLimit: RateLimiter, rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  const limiter = rateLimit({ ...rule, error: refusedByLimit });
  return async (c, next) => {
    try {
      await limiter(c, next);
    } catch (error) {
      if (!(error instanceof AppError && error.code === FAMILY_RATE_LIMITED)) throw error;
      c.header("cache-control", "no-store");
      return c.html(tooManyPage(), 429);
    }
  };
}
