import { z } from "zod";
import { LEGACY_GUARDIANS_NEEDED_MAX, LEGACY_VETO_DAYS_DEFAULT, LEGACY_VETO_DAYS_MAX, LEGACY_VETO_DAYS_MIN } from "./legacy-decision";

export const GUARDIAN_LIMIT = 5;
export const GUARDIAN_RELATIONS = ["co-parent", "grandparent", "godparent", "other"] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];
export const GUARDIAN_RELATION_LABELS: Record<GuardianRelation, string> = {
  "co-parent": "Co-parent",
  grandparent: "Grandparent",
  godparent: "Godparent",
  other: "Other",
};
export type GuardianState = "invited" | "accepted" | "declined" | "paused";
export const GUARDIAN_STATE_LABELS: Record<GuardianState, string> = {
  invited: "Invited",
  accepted: "Accepted",
  declined: "Declined",
  paused: "Paused",
};
/** A family link (guardian, child) stays valid this long; a fresh one can be emailed. */
export const FAMILY_LINK_DAYS = 30;
/** An invitation link works this long, like a family link; a resend makes a fresh one. */
export const INVITATION_LINK_DAYS = FAMILY_LINK_DAYS;
/** Invitation emails an account may send in 24 hours (new guardians, changed addresses and resends together). */
export const INVITATIONS_PER_DAY = 10;
/** Dad can undo a guardian's milestone confirmation this long after it, if nothing was delivered yet. */
export const CONFIRMATION_UNDO_HOURS = 48;

export const GUARDIANS_COPY = {
  sectionTitle: "Family delivery",
  sectionDescription:
    "Guardians receive your memories for your children when they open: a co-parent, a grandparent, a godparent. They need no account.",
  limitReached: `You can add up to ${GUARDIAN_LIMIT} guardians.`,
  emailIsYours: "Please enter someone else's email: this one is yours.",
  duplicate: "This person is already one of your guardians.",
  noChildren: "Please choose at least one child.",
  resendTooSoon: "We just sent the invitation. Please wait a minute before sending it again.",
  invitedToday: "We sent an invitation to this address less than a day ago. Please try again tomorrow.",
  invitationsPerDay: `You can send up to ${INVITATIONS_PER_DAY} invitations a day. Please try again tomorrow.`,
  declinedBefore: "This person declined your invitation, so we won't email them again.",
  invitationSent: "Invitation sent",
  saved: "Guardian saved",
  removed: "Guardian removed",
  saveFailed: "We couldn't save this guardian. Please try again.",
  confirmRemove: "They will no longer receive anything from you, and every link they hold stops working.",
  undoTooLate: `A confirmation can be undone only within ${CONFIRMATION_UNDO_HOURS} hours.`,
  alreadyDelivered: "This memory has already been delivered to the family, so it stays delivered.",
  childrenPrompt: "Want your children's memories to reach them even if you can't open the vault? Add a guardian in Family delivery.",
} as const;

export const guardianInputSchema = z.object({
  name: z.string().trim().min(1, "Please enter their name").max(80, "Please keep the name under 80 characters"),
  email: z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  relation: z.enum(GUARDIAN_RELATIONS, "Please choose how they are related"),
  /** null: every child, now and later (the default). */
  childIds: z.array(z.uuid("Please choose children from your list")).max(50).nullable().default(null),
});
export type GuardianInput = z.infer<typeof guardianInputSchema>;

export const confirmationsNeededSchema = z.object({
  confirmationsNeeded: z.number("Please choose a number").int("Please choose a whole number").min(1, "At least one guardian must confirm").max(GUARDIAN_LIMIT, `At most ${GUARDIAN_LIMIT} guardians can confirm`),
});

export const guardianPausedSchema = z.object({ paused: z.boolean() });

export type Guardian = {
  id: string;
  name: string;
  email: string;
  relation: GuardianRelation;
  childIds: string[] | null;
  state: GuardianState;
  invitedAt: string;
  respondedAt: string | null;
  /** The last refusal or bounce of an email to them, while deliveries are not getting through. */
  deliveryProblem: string | null;
};

/** Who one memory was delivered to, and when they opened the child's page. */
export type MemoryDelivery = {
  guardianName: string;
  childName: string;
  /** 'upcoming': not opened for the child yet; the guardian gets it when it does (`arrives`). */
  status: "upcoming" | "pending" | "sent" | "failed" | "skipped";
  sentAt: string | null;
  openedAt: string | null;
  /** For one waiting for its hour or not opened yet: when it goes, in words ('now', 'tonight at 8 pm', 'tomorrow at 8 am'). */
  arrives: string | null;
  problem: string | null;
};

/** A guardian's 'This has happened' as Dad sees it, with whether he can still undo it. */
export type DadConfirmation = {
  id: string;
  guardianName: string;
  childName: string;
  milestone: string;
  confirmedAt: string;
  /** Whether this confirmation opened the memory. */
  openedMemory: boolean;
  /** Within 48 hours and nothing delivered yet. */
  undoable: boolean;
  /** Why not, when not: 'delivered' or 'too-late'. */
  locked: "delivered" | "too-late" | null;
};
/** 'If something happens to me': the periods Dad can choose, in months. */
export const LEGACY_PERIOD_CHOICES = [3, 6, 12] as const;

export const legacySettingsSchema = z.object({
  enabled: z.boolean("Please choose on or off"),
  periodMonths: z.union([z.literal(3), z.literal(6), z.literal(12)], "Please choose 3, 6 or 12 months"),
  /** The second key: how many accepted guardians must also say "something has happened" (0: none). */
  guardiansNeeded: z
    .number("Please choose how many guardians")
    .int("Please choose how many guardians")
    .min(0, "Please choose how many guardians")
    .max(LEGACY_GUARDIANS_NEEDED_MAX, `At most ${LEGACY_GUARDIANS_NEEDED_MAX} guardians`)
    .default(0),
  /** After a guardian's alarm, the days Dad has to answer before the release. */
  vetoDays: z
    .number("Please choose a number of days")
    .int("Please choose a whole number of days")
    .min(LEGACY_VETO_DAYS_MIN, `Please choose ${LEGACY_VETO_DAYS_MIN} to ${LEGACY_VETO_DAYS_MAX} days`)
    .max(LEGACY_VETO_DAYS_MAX, `Please choose ${LEGACY_VETO_DAYS_MIN} to ${LEGACY_VETO_DAYS_MAX} days`)
    .default(LEGACY_VETO_DAYS_DEFAULT),
});
export type LegacySettingsInput = z.infer<typeof legacySettingsSchema>;

/** What Settings shows of 'If something happens to me'. */
export type LegacyStatus = {
  enabled: boolean;
  periodMonths: (typeof LEGACY_PERIOD_CHOICES)[number];
  /** Dad's last sign of life, and when the release would happen from there (while on). */
  lastSeenAt: string | null;
  releaseAt: string | null;
  acceptedGuardians: number;
  /** The second key: guardians who must also say "something has happened" (0: none), and Dad's days to answer. */
  guardiansNeeded: number;
  vetoDays: number;
  /** The guardians who said so in the current period (their names). */
  worried: string[];
  /** How many memories are marked 'Release early if something happens to me'. */
  markedMemories: number;
  /** What earlier releases opened, newest first. */
  released: Array<{ title: string; childName: string; releasedAt: string }>;
};

export const LEGACY_COPY = {
  title: "If something happens to me",
  switchLabel: "Release my marked memories if I stop using Hey Dad",
  periodLabel: "After how long without a sign of me",
  explanation:
    "Any sign-in restarts the clock. A month before the period ends, and again a week before, we email you a check-in with an 'I'm here' link that restarts it too.",
  whatHappens:
    "If the period ends with no sign of you, every memory you marked 'Release early if something happens to me' opens for its children, and those children's accepted guardians are emailed a link to it. Everything else keeps its own unlock rule. Nothing is released if you marked nothing.",
  falseAlarm: "If you sign in after a release, nothing further is released early and the clock starts again.",
  noGuardians: "You have no accepted guardian yet, so a release would reach nobody. Add a guardian above and ask them to accept the invitation.",
  saved: "Saved",
  saveFailed: "We couldn't save this. Please try again.",
  releasedTitle: "Released early",
  twoKeysLabel: "Guardians who must also say something has happened",
  twoKeysNone: "None: the period running out is enough",
  twoKeysExplanation:
    "With guardians needed, the period running out releases nothing by itself. A guardian who is worried about you says so from a child's page: we email you a check-in at once, and your marked memories open only once this many guardians have said so and you have not answered within the days you choose below.",
  vetoLabel: "Days you have to answer a worried guardian's check-in",
  tooFewGuardians: "You need at least that many accepted guardians. Choose fewer, or ask another guardian to accept the invitation.",
  worried: (names: string) => `${names} said they are worried about you in this period. Sign in or tap 'I'm here' in the email, and nothing is released.`,
} as const;
