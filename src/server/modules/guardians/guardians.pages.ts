import { Readable } from "node:stream";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/app-env";
import { bodyLimit } from "hono/body-limit";
import { httpErrors } from "../../http/app-error";
import type { RateLimiter } from "../../http/rate-limit";
import { childInitial } from "../../../shared/children";
import { INVITATION_LINK_DAYS } from "../../../shared/guardians";
import { contentDisposition } from "../storage/storage";
import { joinNames } from "../../../shared/join-names";
import { SPOKEN_SEARCH_COPY, TRANSCRIPT_COPY, type TranscriptHit, transcriptSearchSchema } from "../../../shared/transcripts";
import { ONE_AT_A_TIME_SCRIPT } from "./guardians.assets";
import { escapeHtml, familyLayout } from "./guardians.layout";
import { FAMILY_PAGE_LIMITS, familyPageLimit, unavailablePage } from "./guardians.link-pages";
import type { ConfirmationsUsecases, Envelope } from "./guardians.confirmations";
import type { FamilyLinksUsecases } from "./guardians.links";
import type { ChildArchive, ChildPage, FamilyMemory, FreshLinkOutcome, SearchSpoken } from "./guardians.types";
import type { GuardiansUsecases } from "./guardians.usecases";
import type { LegacyUsecases } from "./guardians.legacy";

type Invitation = Awaited<ReturnType<GuardiansUsecases["invitation"]>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


const notFoundPage = () =>
  familyLayout({
    title: "Link not valid",
    body: `<div class="card"><h1>This invitation link is not valid any more</h1><p>It may have been replaced by a newer invitation, or be more than ${INVITATION_LINK_DAYS} days old. Please use the link in the most recent email, or ask the person who invited you to send it again.</p></div>`,
  });

/** Each child's page, one button each: the button posts, and the answer is a fresh link to that page (opening a page changes nothing). */
function childPagesList(children: Array<{ id: string; name: string }>, action: (childId: string) => string, current?: string) {
  return `<ul class="pages">${children
    .map((child) => {
      const initial = `<span class="initial" aria-hidden="true">${escapeHtml(childInitial(child.name))}</span>`;
      if (child.id === current) return `<li aria-current="page">${initial}<span>${escapeHtml(child.name)}'s page</span></li>`;
      return `<li><form method="post" action="${escapeHtml(action(child.id))}"><button class="page-link" type="submit">${initial}<span>${escapeHtml(child.name)}'s page</span></button></form></li>`;
    })
    .join("")}</ul>`;
}

const PAGES_STYLE = `<style>
.pages{list-style:none;margin:16px 0 0;padding:0;display:grid;gap:12px}
.pages li{display:flex}
.pages form{display:flex;flex:1}
.pages .page-link,.pages li[aria-current]{flex:1;display:flex;align-items:center;gap:14px;min-height:64px;padding:10px 16px;border:1px solid #D2D7DF;border-radius:12px;background:#fff;color:#353535;font:inherit;font-size:18px;font-weight:600;text-align:left;cursor:pointer}
.pages .page-link:hover{border-color:#8A897C}
.pages li[aria-current]{background:#f4f3ef;border-style:dashed;font-weight:500}
.pages .initial{width:44px;height:44px;border-radius:50%;background:#D2D7DF;display:inline-flex;align-items:center;justify-content:center;font-weight:700;flex-shrink:0}
.quiet{margin:28px 0 0;font-size:15px;color:#5f5e55}
.quiet a,.quiet button{color:#5f5e55}
</style>`;

/**
 * The invitation: opening it changes nothing (mail scanners open links); one button answers. Accepted, the page lists
 * each child's page, and "Stop receiving" is a quiet link at the bottom that asks once.
 */
function invitationPage(invitation: Invitation, token: string, preferred?: string) {
  const children = invitation.children.length ? joinNames(invitation.children.map((child) => child.name)) : "his children";
  const dad = escapeHtml(invitation.dadName);
  const post = (answer: "accept" | "decline", label: string, className: string) =>
    `<form method="post" action="/family/invite/${escapeHtml(token)}"><input type="hidden" name="answer" value="${answer}"><button class="${className}" type="submit" autofocus>${label}</button></form>`;
  const what = `<p>When one of his messages (a video, a voice note, a story with photos) opens, we will email you a private link to that child's page, where you can watch, listen and keep it. You need no account and no password.</p>`;
  const body = (() => {
    if (invitation.status === "accepted" && preferred === "decline")
      return `<div class="card"><h1>Stop receiving messages for ${escapeHtml(children)}?</h1><p>We will send you nothing more from ${dad}, and your links to the ${invitation.children.length === 1 ? "page stop" : "pages stop"} working.</p>
<div class="actions">${post("decline", "Stop receiving", "button")}<a class="button secondary" href="/family/invite/${escapeHtml(token)}">Keep receiving</a></div></div>`;
    if (invitation.status === "accepted")
      return `<div class="card" role="status"><h1>Thank you, ${escapeHtml(invitation.guardianName)}</h1><p>You will receive the messages left for ${escapeHtml(children)}. We have also emailed you your private ${invitation.children.length === 1 ? "link" : "links"}.</p>
${invitation.paused ? `<p>${dad} has paused sending to you for now.</p>` : childPagesList(invitation.children, (childId) => `/family/invite/${token}/open/${childId}`)}
<p class="quiet"><a href="/family/invite/${escapeHtml(token)}?answer=decline">Stop receiving</a></p></div>`;
    if (invitation.status === "declined")
      return `<div class="card"><h1>Hello ${escapeHtml(invitation.guardianName)}</h1><p><strong>You have said no thanks.</strong> Nothing will be sent to you. Changed your mind? You can still accept.</p>
<div class="actions">${post("accept", "Accept", "button")}</div></div>`;
    if (preferred === "decline")
      return `<div class="card"><h1>Hello ${escapeHtml(invitation.guardianName)}</h1><p>${dad} has asked you to receive the messages he leaves for ${escapeHtml(children)}.</p>${what}
<div class="actions">${post("decline", "No thanks", "button")}</div><p class="quiet"><a href="/family/invite/${escapeHtml(token)}?answer=accept">Accept instead</a></p></div>`;
    return `<div class="card"><h1>Hello ${escapeHtml(invitation.guardianName)}</h1><p>${dad} has asked you to receive the messages he leaves for ${escapeHtml(children)}.</p>${what}
<div class="actions">${post("accept", "Accept", "button")}</div><p class="quiet"><a href="/family/invite/${escapeHtml(token)}?answer=decline">No thanks</a></p></div>`;
  })();
  return familyLayout({ title: "Your invitation", head: PAGES_STYLE, body });
}

const KIND_LABEL: Record<FamilyMemory["kind"], string> = { video: "Video", narration: "Story with a photo", note: "Quick note" };
const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const isNew = (memory: FamilyMemory, previousVisitAt: string | null) => previousVisitAt !== null && memory.openedAt > previousVisitAt;

/** What is said in a voice, beside its player: one line a caption, each with its time for the page's script to follow. */
function transcriptBeside(memory: FamilyMemory) {
  if (!memory.transcript?.length) return "";
  const lines = memory.transcript.map((caption) => `<p data-start="${caption.startMs / 1000}" data-end="${caption.endMs / 1000}">${escapeHtml(caption.text)}</p>`).join("");
  return `<details class="transcript" open><summary>${TRANSCRIPT_COPY.heading}</summary>${lines}</details>`;
}

/** The search in the child's page: the words asked for, and where they are said (null: not searched), or why it could not search. */
type SpokenSearch = { query: string; hits: TranscriptHit[] | null; error: string | null };
const NOT_SEARCHED: SpokenSearch = { query: "", hits: null, error: null };

const clockOf = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, "0")}`;

/**
 * 'Find a word Dad said': a plain form that asks this page again with the words (the link is its own key), and the
 * places found, each a link to its message that the page's script turns into playing from that moment. The found
 * words are marked in plain text: nothing from a transcript is read as HTML. The answer takes the focus.
 */
function spokenSearch(search: SpokenSearch, token: string, dadName: string) {
  const invalid = search.error ? ` aria-invalid="true" aria-describedby="find-error" autofocus` : "";
  const form = `<form class="card find" role="search" method="get" action="/family/${escapeHtml(token)}" aria-labelledby="find-title"><h2 id="find-title">${escapeHtml(SPOKEN_SEARCH_COPY.familyHeading(dadName))}</h2><label for="find-words">${SPOKEN_SEARCH_COPY.field}</label><div class="find-row"><input id="find-words" name="q" type="search" value="${escapeHtml(search.query)}" maxlength="200" autocomplete="off"${invalid}><button class="button" type="submit">${SPOKEN_SEARCH_COPY.find}</button></div>${
    search.error ? `<p id="find-error" class="error">${escapeHtml(search.error)}</p>` : ""
  }</form>`;
  if (!search.hits) return form;
  if (search.hits.length === 0) return `${form}<p class="card" role="status" tabindex="-1" autofocus>${SPOKEN_SEARCH_COPY.empty}</p>`;
  const hits = search.hits
    .map((hit) => {
      const words = hit.highlight.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join("");
      return `<li><a class="hit" href="#memory-${hit.memoryId}" data-memory="${hit.memoryId}" data-at="${(hit.atMs / 1000).toFixed(1)}"><span class="hit-title">${escapeHtml(hit.title || KIND_LABEL[hit.kind])} · ${clockOf(hit.atMs)}</span><span class="hit-words">${words}</span></a></li>`;
    })
    .join("");
  return `${form}<section class="card hits" aria-labelledby="hits-title" tabindex="-1" autofocus><h2 id="hits-title">${SPOKEN_SEARCH_COPY.results}</h2><p role="status">${SPOKEN_SEARCH_COPY.found(search.hits.length)}</p><ul aria-labelledby="hits-title">${hits}</ul></section>`;
}

function memoryCard(memory: FamilyMemory, fresh: boolean) {
  const title = escapeHtml(memory.title || KIND_LABEL[memory.kind]);
  const media =
    memory.kind === "video"
      ? memory.videoUrl
        ? `<video controls playsinline preload="none" src="${escapeHtml(memory.videoUrl)}"${memory.thumbnailUrl ? ` poster="${escapeHtml(memory.thumbnailUrl)}"` : ""} aria-label="${title}">${
            memory.captionsUrl ? `<track kind="captions" src="${escapeHtml(memory.captionsUrl)}" srclang="en" label="English" default>` : ""
          }</video>`
        : `<p class="muted">This video is still being prepared. Please come back a little later.</p>`
      : `${memory.imageUrl ? `<img src="${escapeHtml(memory.imageUrl)}" alt="The photo chosen for ${title}" loading="lazy" decoding="async">` : ""}${
          memory.audioUrl ? `<audio controls preload="none" src="${escapeHtml(memory.audioUrl)}" aria-label="Listen: ${title}"></audio>${transcriptBeside(memory)}` : ""
        }`;
  const notes = memory.notes ? `<p class="notes">${escapeHtml(memory.notes)}</p>` : "";
  const downloads = memory.downloads.map((link) => `<a class="button secondary" href="${escapeHtml(link.url)}" download>${escapeHtml(link.label)}</a>`).join("");
  const mark = fresh ? `<span class="new">New</span> ` : "";
  return `<li class="card memory${fresh ? " fresh" : ""}" id="memory-${memory.id}"><p class="kind">${mark}${KIND_LABEL[memory.kind]} · ${dateOf(memory.createdAt)}</p><h2>${title}</h2>${media}${notes}${downloads ? `<div class="actions">${downloads}</div>` : ""}</li>`;
}

/**
 * 'Download all': on a phone it opens the list of every file to save on the phone (a ZIP is no use there), with the ZIP
 * offered for a computer; on a computer, the ZIP. CSS picks one by the screen, so the page needs no script for it.
 */
function downloadAll(memories: FamilyMemory[], token: string) {
  const zip = `/family/${escapeHtml(token)}/archive`;
  const saves = memories
    .flatMap((memory) => memory.downloads.map((link) => `<li><a href="${escapeHtml(link.url)}" download>${escapeHtml(link.label)}: ${escapeHtml(memory.title || KIND_LABEL[memory.kind])}</a></li>`))
    .join("");
  return `<details class="card download-all on-phone"><summary><span class="button secondary">Download all</span><span class="muted">Keep these messages on this phone</span></summary>
<p>Tap each one to save it on this phone:</p><ul class="saves">${saves}</ul>
<p class="muted">On a computer, you can <a href="${zip}">download everything as one ZIP file</a>.</p></details>
<div class="card download-all on-computer"><a class="button secondary" href="${zip}">Download all</a><p class="muted">One ZIP file for a computer, with every message below and a page that plays them without the internet. On a phone, save each message with its own button.</p></div>`;
}

const CHILD_PAGE_STYLE = `<style>
.child{display:flex;align-items:center;gap:18px;margin:8px 0 24px}
.child>div{min-width:0}
.child h1{font-size:30px;margin:0 0 4px}
.child img,.child .initial{width:88px;height:88px;border-radius:50%;object-fit:cover;flex-shrink:0;background:#D2D7DF;display:flex;align-items:center;justify-content:center;font-size:34px;font-weight:700;box-shadow:0 0 0 4px #fff,0 0 0 5px #D2D7DF}
.memories{list-style:none;margin:0;padding:0}
.memory h2{font-size:22px}
.memory.fresh{border-color:#C8862A;box-shadow:0 0 0 1px #C8862A}
.new{display:inline-block;background:#C8862A;color:#1f1f1f;font-weight:700;font-size:13px;letter-spacing:.02em;border-radius:999px;padding:1px 10px;margin-right:4px}
.news{font-weight:600}
.memory video,.memory img{display:block;width:100%;max-height:70vh;border-radius:8px;background:#1f1f1f;margin:8px 0 12px;object-fit:contain}
.memory img{background:#f4f3ef}
.memory audio{display:block;width:100%;margin:8px 0 12px}
.transcript{margin:0 0 12px;padding:8px 12px;border:1px solid #D2D7DF;border-radius:8px;background:#fbfaf7}
.transcript summary{font-weight:600;cursor:pointer;min-height:32px}
.transcript p{margin:4px 0;font-size:17px;border-radius:4px}
.transcript p.now{background:#f6e3c4}
.find-row{display:flex;gap:8px}
.find input{flex:1;min-width:0;font:inherit;min-height:44px;padding:8px 12px;border:1px solid #8A897C;border-radius:8px}
.find .error{color:#b42318;margin:8px 0 0}
.hits ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.hits .hit{display:block;min-height:44px;padding:8px 12px;border:1px solid #D2D7DF;border-radius:8px;text-decoration:none}
.hits .hit:hover{border-color:#8A897C}
.hit-title{display:block;font-weight:600}
.hit-words mark{background:#f6e3c4;color:inherit;font-weight:600}
.hits:focus,.card[role=status]:focus{outline:none}
.kind{font-size:14px;color:#5f5e55;margin:0 0 4px}
.notes{white-space:pre-wrap;font-size:17px}
.download-all{display:flex;flex-wrap:wrap;align-items:center;gap:12px 16px}
.download-all p{flex:1 1 240px;margin:0}
details.download-all summary{list-style:none;display:flex;flex-wrap:wrap;align-items:center;gap:12px 16px;cursor:pointer}
details.download-all summary:focus-visible{outline:3px solid #9a5b12;outline-offset:4px;border-radius:8px}
details.download-all summary::-webkit-details-marker{display:none}
details.download-all[open] summary{margin-bottom:12px}
.saves{margin:8px 0 12px;padding-left:20px}
.saves li{margin:0 0 10px}
.saves a{display:inline-block;min-height:32px}
.download-all.on-phone{display:none}
@media (max-width:640px),(pointer:coarse){.download-all.on-phone{display:block}.download-all.on-computer{display:none}}
.family-pages{margin:0 0 24px}
.family-pages h2{font-size:16px;color:#5f5e55;font-weight:600;margin:0}
#envelopes{margin-top:32px}
.envelope{border-style:dashed;background:#fbfaf7}
.envelope h3{font-size:18px;margin:0 0 8px}
.worry{margin-top:40px;text-align:center}
</style>`;

function envelopeCard(envelope: Envelope, token: string, childName: string, canConfirm: boolean) {
  const name = escapeHtml(childName);
  const action = !canConfirm
    ? `<p class="muted">It opens when the family tells us it has happened.</p>`
    : envelope.confirmed
    ? `<p><strong>You said this has happened.</strong> It opens for ${name} when enough of the family agree.</p>`
    : `<a class="button secondary" href="/family/${escapeHtml(token)}/confirm/${envelope.memoryId}">This has happened</a>`;
  return `<li class="card envelope"><p class="kind">Opens later · ${KIND_LABEL[envelope.kind]}</p><h3>${escapeHtml(envelope.milestone)}</h3>${action}</li>`;
}

function childPage(page: Extract<ChildPage, { state: "open" }>, token: string, envelopes: Envelope[], notice = "", worryOffered = false, search = NOT_SEARCHED) {
  const name = escapeHtml(page.child.name);
  const dad = escapeHtml(page.dadName);
  const photo = page.child.photoUrl
    ? `<img src="${escapeHtml(page.child.photoUrl)}" alt="" fetchpriority="high">`
    : `<span class="initial" aria-hidden="true">${escapeHtml(childInitial(page.child.name))}</span>`;
  const fresh = page.memories.filter((memory) => isNew(memory, page.previousVisitAt)).length;
  const news = fresh === 0 ? "" : `<p class="news" role="status">${fresh === 1 ? "1 new message" : `${fresh} new messages`} since your last visit.</p>`;
  const list = page.memories.length
    ? `${news}${downloadAll(page.memories, token)}${spokenSearch(search, token, page.dadName)}<ul class="memories" aria-label="Messages">${page.memories.map((memory) => memoryCard(memory, isNew(memory, page.previousVisitAt))).join("")}</ul>`
    : `<div class="card"><p>Nothing has opened for ${name} yet. When something does, we will email you.</p></div>`;
  const family =
    page.family.length > 1
      ? `<nav class="family-pages" aria-labelledby="family-pages-title"><h2 id="family-pages-title">${dad}'s children</h2>${childPagesList(page.family, (childId) => `/family/${token}/open/${childId}`, page.child.id)}</nav>`
      : "";
  return familyLayout({
    title: `${page.child.name}'s page`,
    head: `${PAGES_STYLE}${CHILD_PAGE_STYLE}<script src="${ONE_AT_A_TIME_SCRIPT}" defer></script>`,
    body: `${notice}<div class="child">${photo}<div><h1>${name}'s page</h1><p class="muted">Messages ${dad} left for ${name}, newest first.</p></div></div>${list}${
      envelopes.length
        ? `<section id="envelopes" aria-labelledby="envelopes-title"><h2 id="envelopes-title">For when it happens</h2><p class="muted">${dad} left these for moments still to come. ${page.access.kind === "guardian" ? `Tell us when one has happened for ${name}, and it will open for ${name}.` : "Each opens when the family tells us it has happened."}</p><ul class="memories">${envelopes.map((e) => envelopeCard(e, token, page.child.name, page.access.kind === "guardian")).join("")}</ul></section>`
        : ""
    }${family}${worryOffered ? `<p class="muted worry"><a href="/family/${escapeHtml(token)}/worried">Worried that something has happened to ${escapeHtml(page.dadFullName)}?</a></p>` : ""}`,
  });
}

/** The answer to 'Email me a fresh link', read back from the redirect's query. */
function freshLinkNotice(outcome: FreshLinkOutcome) {
  if (outcome.outcome === "sent") return "Sent: check your inbox. A fresh link is on its way to the address this link was sent to.";
  if (outcome.outcome === "withdrawn") return "We can't send a fresh link for this one: it was withdrawn. Please ask the person who sent it to you.";
  const ago = outcome.minutesAgo < 1 ? "less than a minute ago" : outcome.minutesAgo === 1 ? "1 minute ago" : `${outcome.minutesAgo} minutes ago`;
  return `We sent one ${ago}: check your inbox or spam folder.`;
}

function freshLinkOutcomeOf(query: { fresh?: string; minutes?: string }): FreshLinkOutcome | undefined {
  if (query.fresh === "sent" || query.fresh === "withdrawn") return { outcome: query.fresh };
  const minutes = Number(query.minutes);
  if (query.fresh === "recent" && Number.isInteger(minutes) && minutes >= 0 && minutes < 60) return { outcome: "recent", minutesAgo: minutes };
  return undefined;
}

const freshLinkQuery = (outcome: FreshLinkOutcome) => (outcome.outcome === "recent" ? `fresh=recent&minutes=${outcome.minutesAgo}` : `fresh=${outcome.outcome}`);

/** After 'Yes, it has happened': what it did, at the top of the child's page. */
function confirmedNotice(memoryId: string, page: Extract<ChildPage, { state: "open" }>, envelopes: Envelope[]) {
  const name = escapeHtml(page.child.name);
  const opened = page.memories.find((memory) => memory.id === memoryId);
  if (opened) return `<div class="card" role="status"><p><strong>Thank you. “${escapeHtml(opened.unlock.milestone ?? opened.title)}” has opened for ${name}: it is on this page, and the family is being emailed.</strong></p></div>`;
  const waiting = envelopes.find((envelope) => envelope.memoryId === memoryId && envelope.confirmed);
  if (waiting) return `<div class="card" role="status"><p><strong>Thank you. “${escapeHtml(waiting.milestone)}” opens for ${name} when enough of the family agree.</strong></p></div>`;
  return "";
}

const hereNotFoundPage = () =>
  familyLayout({
    title: "Link not valid",
    body: `<div class="card"><h1>This check-in link is not valid</h1><p>Please use the 'I'm here' link in the most recent check-in email, or simply sign in to Hey Dad: any sign-in restarts the clock.</p></div>`,
  });

/** 'I'm here' from a check-in email: opening the link changes nothing (mail scanners open links); the button does. */
function herePage(token: string, done: boolean) {
  return familyLayout({
    title: "I'm here",
    body: done
      ? `<div class="card" role="status"><h1>Thank you. The clock has started again.</h1><p>Nothing will be released early. We will check in again before the period you chose runs out.</p></div>`
      : `<div class="card"><h1>Are you there?</h1><p>Tap the button to tell us you are here. The clock of 'If something happens to me' starts again, and nothing is released early.</p>
<form method="post" action="/family/here/${escapeHtml(token)}"><div class="actions"><button class="button" type="submit" autofocus>I'm here</button></div></form></div>`,
  });
}

/** The public invitation page: opening it changes nothing (mail scanners open links); the buttons post the answer. */
export function registerGuardianPages(options: {
  usecases: GuardiansUsecases;
  links: FamilyLinksUsecases;
  confirmations: Pick<ConfirmationsUsecases, "envelopes">;
  legacy: Pick<LegacyUsecases, "imHere" | "knowsToken" | "worryRule">;
  childArchive: ChildArchive;
  searchSpoken: SearchSpoken;
  rateLimit: RateLimiter;
}) {
  const { usecases, links } = options;
  const app = new Hono<AppEnv>();
  const limit = Object.fromEntries(Object.entries(FAMILY_PAGE_LIMITS).map(([key, rule]) => [key, familyPageLimit(options.rateLimit, rule)])) as Record<
    keyof typeof FAMILY_PAGE_LIMITS,
    MiddlewareHandler<AppEnv>
  >;
  const load = async (token: string) => {
    try {
      return await usecases.invitation({ token });
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === "INVITATION_NOT_FOUND") return undefined;
      throw error;
    }
  };

  /** The words asked for on the child's page, found only in what has opened for this child (the page's own memories). */
  async function searchOf(q: string | undefined, page: Extract<ChildPage, { state: "open" }>): Promise<SpokenSearch> {
    if (q === undefined) return NOT_SEARCHED;
    const parsed = transcriptSearchSchema.safeParse({ q });
    if (!parsed.success) return { query: q.slice(0, 200), hits: null, error: parsed.error.issues[0]!.message };
    const { hits } = await options.searchSpoken({ userId: page.access.userId, query: parsed.data.q, memoryIds: page.memories.map((memory) => memory.id) });
    return { query: parsed.data.q, hits, error: null };
  }

  app.get("/family/invite/:token", limit.invitation, async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    const invitation = await load(token);
    if (!invitation) return c.html(notFoundPage(), 404);
    return c.html(invitationPage(invitation, token, c.req.query("answer")));
  });

  app.post(
    "/family/invite/:token",
    limit.invitation,
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
  // The accepted invitation's list of pages: each button opens a fresh link to that child's page.
  app.post("/family/invite/:token/open/:childId", limit.invitation, async (c) => {
    const childId = c.req.param("childId");
    const url = UUID.test(childId) ? await usecases.openChildPage({ token: c.req.param("token"), childId }) : undefined;
    if (!url) return c.html(notFoundPage(), 404);
    return c.redirect(url, 303);
  });
  app.get("/family/here/:token", limit.herePage, async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    if (!(await options.legacy.knowsToken({ token }))) return c.html(hereNotFoundPage(), 404);
    return c.html(herePage(token, c.req.query("done") === "1"));
  });
  app.post("/family/here/:token", limit.imHere, async (c) => {
    const token = c.req.param("token");
    if (!(await options.legacy.imHere({ token }))) return c.html(hereNotFoundPage(), 404);
    return c.redirect(`/family/here/${encodeURIComponent(token)}?done=1`, 303);
  });
  // The child's page: public by its token, never behind Dad's subscription.
  app.get("/family/:token", limit.childPage, async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    const page = await links.open({ token });
    if (page.state === "unavailable") {
      const fresh = freshLinkOutcomeOf(c.req.query());
      return c.html(unavailablePage(token, fresh && freshLinkNotice(fresh)), 404);
    }
    const envelopes = await options.confirmations.envelopes(page.access);
    const confirmed = c.req.query("confirmed");
    const worryOffered = page.access.kind === "guardian" && Boolean(await options.legacy.worryRule({ userId: page.access.userId }));
    const search = await searchOf(c.req.query("q"), page);
    return c.html(childPage(page, token, envelopes, confirmed ? confirmedNotice(confirmed, page, envelopes) : "", worryOffered, search), search.error ? 400 : 200);
  });

  // From one child's page to a brother's or sister's (a guardian of both): a fresh link to it.
  app.post("/family/:token/open/:childId", limit.childPage, async (c) => {
    const token = c.req.param("token");
    const childId = c.req.param("childId");
    const url = UUID.test(childId) ? await links.openSibling({ token, childId }) : undefined;
    if (!url) return c.html(unavailablePage(token), 404);
    return c.redirect(url, 303);
  });

  // 'Download all': the child's opened memories (nothing locked) as one ZIP, streamed as it is packed; nothing is stored.
  app.get("/family/:token/archive", limit.archive, async (c) => {
    c.header("cache-control", "no-store");
    const token = c.req.param("token");
    const access = await links.access({ token });
    if (!access) return c.html(unavailablePage(token), 404);
    const archive = await options.childArchive({ userId: access.userId, childId: access.childId });
    // A download cut short (or a storage failure mid-way) ends the response with an error: the browser shows the download as failed.
    archive.result.catch(() => {});
    return c.body(Readable.toWeb(archive.stream) as ReadableStream<Uint8Array>, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition("attachment", archive.fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });

  app.post("/family/:token/fresh-link", limit.freshLink, async (c) => {
    const token = c.req.param("token");
    const outcome = await links.requestFreshLink({ token });
    return c.redirect(`/family/${encodeURIComponent(token)}?${freshLinkQuery(outcome)}`, 303);
  });
  return app;
}
