import { CHILD_KEY_CONFIRM_DAYS, CHILD_KEY_PAUSE_HOURS, CHILD_KEY_TRIES } from "../../../shared/child-key";
import { FAMILY_LINK_DAYS } from "../../../shared/guardians";
import { renderEmail } from "../email/email.templates";

/** To Dad and each guardian: the child asks the family, and one approval lets the child in. */
export function familyAskEmail(options: { to: string; greeting: string; childName: string; childEmail: string; approveUrl: string; refuseUrl: string }) {
  const { childName } = options;
  return {
    to: options.to,
    subject: `${childName} asks to receive ${childName}'s messages at ${options.childEmail}`,
    ...renderEmail({
      heading: `${childName} is asking for the messages`,
      paragraphs: [
        `Hello ${options.greeting}, someone with ${childName}'s keepsake card asks to receive the messages left for ${childName} at this address: ${options.childEmail}.`,
        `If this is ${childName}, tap Approve: ${childName} confirms the address and gets a private page, like yours. One approval is enough, and the family is asked only once. If it is not ${childName}, tap "Not ${childName}" and nothing is sent.`,
      ],
      action: { label: "Approve", url: options.approveUrl },
      secondaryAction: { label: `Not ${childName}`, url: options.refuseUrl },
    }),
  };
}

/** To the child's address once the family approved it or the child answered Dad's question. */
export function confirmAddressEmail(options: { to: string; childName: string; dadName: string; confirmUrl: string }) {
  return {
    to: options.to,
    subject: `${options.childName}, confirm your address to open your messages`,
    ...renderEmail({
      heading: `Hello ${options.childName}`,
      paragraphs: [
        `${options.dadName} left you messages: videos, voice notes and stories, each to open at the right moment.`,
        `Confirm that this address is yours, and your own private page opens. This link works for ${CHILD_KEY_CONFIRM_DAYS} days.`,
      ],
      action: { label: "Confirm my address", url: options.confirmUrl },
    }),
  };
}

/** To the child: their own page, and the promise of what comes next. */
export function ownPageEmail(options: { to: string; childName: string; dadName: string; pageUrl: string }) {
  return {
    to: options.to,
    subject: `Your page: the messages ${options.dadName} left for you`,
    ...renderEmail({
      heading: `${options.childName}, this is your page`,
      paragraphs: [
        `Every message ${options.dadName} left for you appears on this page once it opens, and we will email you each time another one does.`,
        `The link works for ${FAMILY_LINK_DAYS} days and is meant for you alone. When it runs out, the page lets you email yourself a fresh one.`,
      ],
      action: { label: "Open my page", url: options.pageUrl },
    }),
  };
}

/** To Dad and the guardians: every way in by Dad's question, and every pause, is told. */
export function cardNoticeEmail(options: { to: string; greeting: string; childName: string; event: { kind: "answered"; childEmail: string } | { kind: "paused" } }) {
  const { childName, event } = options;
  const answered = event.kind === "answered";
  return {
    to: options.to,
    subject: answered ? `${childName}'s keepsake card was used to ask for the messages` : `${childName}'s keepsake card is paused for ${CHILD_KEY_PAUSE_HOURS} hours`,
    ...renderEmail({
      heading: answered ? "The question on the card was answered" : "Too many wrong answers",
      paragraphs:
        event.kind === "answered"
        ? [
            `Hello ${options.greeting}, someone answered the question on ${childName}'s keepsake card correctly and asked to receive ${childName}'s messages at ${event.childEmail}.`,
            `Once that address is confirmed, it receives ${childName}'s opened messages, as you do. If you think this was not ${childName}, please tell the rest of the family.`,
          ]
        : [
            `Hello ${options.greeting}, the question on ${childName}'s keepsake card was answered wrongly ${CHILD_KEY_TRIES} times in a row, so it is paused for ${CHILD_KEY_PAUSE_HOURS} hours. Nothing was opened.`,
            `If it was ${childName}, ${childName} can ask the family from the card instead: you would get an email to approve it.`,
          ],
    }),
  };
}

const messagesCount = (n: number) => (n === 1 ? "1 message" : `${n} messages`);

/** To the child on the hand-over day: their page is theirs now. */
export function handoverEmail(options: { to: string; childName: string; dadName: string; age: number; messages: number; pageUrl: string }) {
  return {
    to: options.to,
    subject: `Your dad left you ${messagesCount(options.messages)}`,
    ...renderEmail({
      heading: `Happy birthday, ${options.childName}`,
      paragraphs: [
        `${options.dadName} chose your ${options.age}th birthday as the day your page becomes yours. ${options.dadName} left you ${messagesCount(options.messages)} there: videos, voice notes and stories, to watch and keep.`,
        `The link works for ${FAMILY_LINK_DAYS} days and is meant for you alone. When it runs out, the page lets you email yourself a fresh one.`,
      ],
      action: { label: "Open my page", url: options.pageUrl },
    }),
  };
}

/** To Dad (while active) and the guardians on the hand-over day. */
export function handoverNoticeEmail(options: { to: string; greeting: string; childName: string; dadName: string; age: number; messages: number; sentTo: string[] }) {
  const { childName } = options;
  return {
    to: options.to,
    subject: `${childName}'s page is now ${childName}'s own`,
    ...renderEmail({
      heading: `${childName} is ${options.age} today`,
      paragraphs: [
        `Hello ${options.greeting}, ${options.dadName} chose ${childName}'s ${options.age}th birthday as the day ${childName}'s page becomes ${childName}'s own. It holds ${messagesCount(options.messages)}.`,
        options.sentTo.length
          ? `We have emailed ${childName} a private link at ${options.sentTo.join(" and ")}. Your own link keeps working as before.`
          : `${childName} has no address of their own with us yet. The keepsake card lets ${childName} in: please give it to ${childName}, or tell ${childName} where it is.`,
      ],
    }),
  };
}
