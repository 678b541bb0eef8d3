import { INVITATION_LINK_DAYS } from "../../../shared/guardians";
import { joinNames } from "../../../shared/join-names";
import { PRODUCT_NAME } from "../../../shared/product";
import { formatUnlockDate } from "../../../shared/unlock-rules";
import { renderEmail } from "../email/email.templates";
import type { FamilyMemory } from "./guardians.types";


export function invitationEmail(options: { to: string; guardianName: string; dadName: string; dadEmail: string; childNames: string[]; inviteUrl: string }) {
  const children = options.childNames.length ? joinNames(options.childNames) : "his children";
  return {
    to: options.to,
    subject: `${options.dadName} asked you to receive his messages for ${children}`,
    ...renderEmail({
      heading: `Hello ${options.guardianName}`,
      paragraphs: [
        `${PRODUCT_NAME} is where a father records videos, voice notes and stories for his children, each to open at the right moment: a birthday, an age, a milestone.`,
        `${options.dadName} (${options.dadEmail}) has asked you to receive the messages he leaves for ${children}. When one of them opens, we will email you a private link to that child's page, where you can watch, listen and keep it.`,
        `You don't need an account or a password. Until you accept, nothing is sent to you. If you decline, we won't email you about it again. This invitation works for ${INVITATION_LINK_DAYS} days.`,
      ],
      action: { label: "Accept", url: `${options.inviteUrl}?answer=accept` },
      secondaryAction: { label: "Decline", url: `${options.inviteUrl}?answer=decline` },
    }),
  };
}

/** The private link to each of the guardian's children's pages, in one email (on accepting, or a fresh link). */
export function childPagesEmail(options: { to: string; guardianName: string; dadName: string; pages: Array<{ childName: string; pageUrl: string }>; days: number }) {
  const [first] = options.pages;
  const names = joinNames(options.pages.map((page) => page.childName));
  const several = options.pages.length > 1;
  return {
    to: options.to,
    subject: several ? `Your private links to the pages of ${names}` : `Your private link to ${first.childName}'s page`,
    ...renderEmail({
      heading: several ? `The pages of ${names}` : `${first.childName}'s page`,
      paragraphs: [
        several
          ? `Hello ${options.guardianName}, here are your private links to the pages of ${names}, where every message ${options.dadName} left for them appears once it opens. Each page links to the others.`
          : `Hello ${options.guardianName}, this is your private link to ${first.childName}'s page, where every message ${options.dadName} left for ${first.childName} appears once it opens.`,
        ...(several ? options.pages.map((page) => `${page.childName}'s page: ${page.pageUrl}`) : []),
        `${several ? "The links work" : "The link works"} for ${options.days} days and ${several ? "are" : "is"} meant for you alone. When one runs out, its page lets you email yourself a fresh one.`,
      ],
      action: { label: `Open ${first.childName}'s page`, url: first.pageUrl },
    }),
  };
}

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
};

/** 'Maya's 13th birthday', '1 June 2027', 'When you graduate high school'. */
export function occasionOf(memory: Pick<FamilyMemory, "unlock">, childName: string) {
  const { unlock } = memory;
  if (unlock.type === "age" && unlock.age) return `${childName}'s ${ordinal(unlock.age)} birthday`;
  if (unlock.type === "date" && unlock.date) return `${childName}, for ${formatUnlockDate(unlock.date)}`;
  if (unlock.type === "milestone" && unlock.milestone) return `${childName}: ${unlock.milestone}`;
  return childName;
}

const KIND_WORD: Record<FamilyMemory["kind"], string> = { video: "a video", narration: "a story with a photo", note: "a note" };

/** One memory that opened for a child by date, age or milestone: the subject says what it is, 'A message from Papa for Emma'. */
export function deliveryEmail(options: { to: string; guardianName: string; dadName: string; childName: string; memory: FamilyMemory; pageUrl: string; days: number }) {
  const occasion = occasionOf(options.memory, options.childName);
  return {
    to: options.to,
    subject: `A message from ${options.dadName} for ${options.childName}`,
    ...renderEmail({
      heading: `${options.dadName} left this for ${occasion}`,
      paragraphs: [
        `Hello ${options.guardianName}, ${KIND_WORD[options.memory.kind]} ${options.dadName} recorded for ${options.childName} has just opened: "${options.memory.title}".`,
        `It is on ${options.childName}'s page with everything else that has opened so far, ready to play and to download. The link is private and works for ${options.days} days.`,
      ],
      action: { label: `Open ${options.childName}'s page`, url: options.pageUrl },
    }),
  };
}

/** The day's 'now' memories for one guardian, one link per child. */
export function digestEmail(options: { to: string; guardianName: string; dadName: string; children: Array<{ childName: string; titles: string[]; pageUrl: string }>; days: number }) {
  const count = options.children.reduce((sum, child) => sum + child.titles.length, 0);
  const names = joinNames(options.children.map((child) => child.childName));
  const [first] = options.children;
  const dad = options.dadName;
  return {
    to: options.to,
    subject: count === 1 ? `A message from ${dad} for ${names}` : `${count} messages from ${dad} for ${names}`,
    ...renderEmail({
      heading: `New from ${dad} for ${names}`,
      paragraphs: [
        `Hello ${options.guardianName}, here is what ${dad} recorded today.`,
        ...options.children.map((child) => `For ${child.childName}: ${child.titles.map((title) => `"${title}"`).join(", ")}. ${child.childName}'s page: ${child.pageUrl}`),
        `Each link is private and works for ${options.days} days.`,
      ],
      action: options.children.length === 1 ? { label: `Open ${first.childName}'s page`, url: first.pageUrl } : undefined,
    }),
  };
}

const longDate = (instant: Date, timeZone: string) => instant.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone });
const memoriesWord = (n: number) => (n === 1 ? "1 memory" : `${n} memories`);

/** 'If something happens to me': the check-in a month and a week before the release. */
export function checkInEmail(options: { to: string; lastSeenAt: Date; releaseAt: Date; periodMonths: number; marked: number; timeZone: string; hereUrl: string }) {
  const when = longDate(options.releaseAt, options.timeZone);
  const what =
    options.marked > 0
      ? `If we hear nothing from you by ${when}, the ${memoriesWord(options.marked)} you marked 'Release early if something happens to me' will open for your children, and your accepted guardians will be emailed a link to them.`
      : `You have not marked any memory 'Release early if something happens to me', so nothing would be released on ${when}.`;
  return {
    to: options.to,
    subject: `Are you there? Your ${PRODUCT_NAME} check-in`,
    ...renderEmail({
      heading: "Are you there?",
      paragraphs: [
        `You switched on 'If something happens to me' with a period of ${options.periodMonths} months. We have not seen you since ${longDate(options.lastSeenAt, options.timeZone)}.`,
        what,
        "Tap 'I'm here' (or simply sign in) and the clock starts again.",
      ],
      action: { label: "I'm here", url: options.hereUrl },
    }),
  };
}

/** To Dad once his legacy release has happened (a false alarm is his to notice). */
export function releaseNoticeEmail(options: { to: string; released: number; settingsUrl: string }) {
  return {
    to: options.to,
    subject: "Your memories marked 'Release early' were released",
    ...renderEmail({
      heading: "Your legacy release happened",
      paragraphs: [
        options.released > 0
          ? `We had no sign of you for the period you chose, so the memories you marked 'Release early if something happens to me' opened for your children (${options.released === 1 ? "1 opening" : `${options.released} openings`}) and are being emailed to your accepted guardians.`
          : "We had no sign of you for the period you chose. You had marked no memory 'Release early if something happens to me', so nothing was released.",
        "If this is a false alarm, sign in: nothing further is released early, the clock starts again, and Settings shows what was released and when.",
      ],
      action: { label: "Open Settings", url: options.settingsUrl },
    }),
  };
}

/** To a guardian: Dad's legacy release, the memories it opened for each of their children. */
export function legacyDeliveryEmail(options: { to: string; guardianName: string; dadName: string; children: Array<{ childName: string; titles: string[]; pageUrl: string }>; days: number }) {
  const names = joinNames(options.children.map((child) => child.childName));
  const [first] = options.children;
  return {
    to: options.to,
    subject: `${options.dadName} left these for ${names} in case something happened to him`,
    ...renderEmail({
      heading: `Messages from ${options.dadName} for ${names}`,
      paragraphs: [
        `Hello ${options.guardianName}, ${options.dadName} asked us to release these messages early if we stopped hearing from him for a long time. We have had no sign of him for the period he chose, so they are now open.`,
        ...options.children.map((child) => `For ${child.childName}: ${child.titles.map((title) => `"${title}"`).join(", ")}. ${child.childName}'s page: ${child.pageUrl}`),
        `His other messages keep their own moment and will still reach you then. Each link is private and works for ${options.days} days.`,
      ],
      action: options.children.length === 1 ? { label: `Open ${first.childName}'s page`, url: first.pageUrl } : undefined,
    }),
  };
}

/** To Dad at once when a guardian says "something has happened": the veto window is his to answer. */
export function alarmCheckInEmail(options: { to: string; worried: string; guardiansNeeded: number; vetoDays: number; answerBy: Date; marked: number; timeZone: string; hereUrl: string }) {
  const when = longDate(options.answerBy, options.timeZone);
  return {
    to: options.to,
    subject: `Are you there? ${options.worried} is worried about you`,
    ...renderEmail({
      heading: "Are you there?",
      paragraphs: [
        `${options.worried} told us they are worried that something has happened to you.`,
        options.marked > 0
          ? `If we hear nothing from you by ${when} (the ${options.vetoDays} days you chose), and ${options.guardiansNeeded === 1 ? "one guardian has" : `${options.guardiansNeeded} guardians have`} said so, the ${memoriesWord(options.marked)} you marked 'Release early if something happens to me' will open for your children.`
          : `You have not marked any memory 'Release early if something happens to me', so nothing would be released.`,
        "Tap 'I'm here' (or simply sign in), and nothing is released: the worry is set aside and the clock starts again.",
      ],
      action: { label: "I'm here", url: options.hereUrl },
    }),
  };
}

/** To the other guardians when one of them is worried: they may say so too (the release needs several). */
export function alarmNoticeEmail(options: { to: string; guardianName: string; worried: string; dadName: string; stillNeeded: number; vetoDays: number }) {
  return {
    to: options.to,
    subject: `${options.worried} is worried about ${options.dadName}`,
    ...renderEmail({
      heading: `${options.worried} is worried about ${options.dadName}`,
      paragraphs: [
        `Hello ${options.guardianName}, ${options.worried} told us that something may have happened to ${options.dadName}. We have emailed ${options.dadName} to ask; if he is fine, he only has to tap 'I'm here'.`,
        options.stillNeeded > 0
          ? `${options.dadName} asked that the messages he left for this case open only when ${options.stillNeeded === 1 ? "one more of the family says" : `${options.stillNeeded} more of the family say`} so too, and he has not answered within ${options.vetoDays} days. If you also think something has happened, say so from the bottom of a child's page.`
          : `If he does not answer within ${options.vetoDays} days, the messages he left for this case will open, and you will be emailed a link.`,
      ],
    }),
  };
}
