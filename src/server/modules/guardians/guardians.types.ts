import type { Readable } from "node:stream";
import type { Memory, MemoryUnlock, ShownMemoryFields } from "../../../shared/memories";
import type { Caption, TranscriptHit } from "../../../shared/transcripts";

/** What the guardians module reads from other modules (through their usecases). */
export type FamilyReaders = {
  /**
   * Dad as shown to his family: `calledAs`, what his children call him (Settings; 'Dad' unless he chose), names him on
   * every page and email about his messages; `name`, his full name else 'Dad' (never his email; `named` says which), is
   * for the grown-ups who must recognise him (an invitation, a worry); and his email.
   */
  dadOf: (userId: string) => Promise<{ calledAs: string; name: string; email: string; named: boolean }>;
  childrenOf: (userId: string) => Promise<Array<{ id: string; name: string; birthdate: string }>>;
  /** The account's time zone (delivery times are local). */
  timeZoneOf: (userId: string) => Promise<string>;
};

/** A memory as the child's page shows it: only what has opened for the child, with signed links. */
export type FamilyMemory = ShownMemoryFields & Pick<Memory, "kind"> & {
  /** Video: the MP4 and its chosen thumbnail. */
  videoUrl?: string | null;
  thumbnailUrl?: string | null;
  /** Narration and quick note: the voice, and the narration's photo. */
  audioUrl?: string | null;
  imageUrl?: string | null;
  /** Its captions (WebVTT), once it has a transcript: a video's track; a voice's words are shown beside it. */
  captionsUrl?: string | null;
  /** Narration and quick note: what is said in the voice, caption by caption (empty without a transcript). */
  transcript?: Caption[];
  /** Signed links that save the file under the memory's title. */
  downloads: Array<{ label: string; url: string }>;
  /** The rule it opened by, for the email's wording ('for Maya's 13th birthday'). */
  unlock: Pick<MemoryUnlock, "type" | "age" | "date" | "milestone">;
  /** When it opened (its unlock instant, else when it was saved): the page marks it "New" when that is after the last visit. */
  openedAt: string;
};

/**
 * What the child's page reads from the memories and children modules (through their usecases,
 * never their tables), whatever Dad's subscription: lapsed access locks only Dad's own viewing in the
 * app, never what his children and their guardians receive.
 */
export type ChildPageSource = {
  child: (input: { userId: string; childId: string }) => Promise<{ id: string; name: string; photoUrl: string | null } | undefined>;
  /** Every memory unlocked for the child, newest first. */
  unlockedMemories: (input: { userId: string; childId: string }) => Promise<FamilyMemory[]>;
  /** One unlocked memory of the child (undefined when it is locked, deleted or not theirs). */
  memory: (input: { userId: string; childId: string; memoryId: string }) => Promise<FamilyMemory | undefined>;
};

/** What 'Email me a fresh link' did, said on the page as it is. */
export type FreshLinkOutcome = { outcome: "sent" } | { outcome: "recent"; minutesAgo: number } | { outcome: "withdrawn" };

/** Who is looking at which child: a guardian, or the grown child on their own page (who cannot confirm milestones). */
export type FamilyAccess = { userId: string; childId: string; guardianId: string; kind: "guardian" | "child" };

export type ChildPage =
  | {
      state: "open";
      child: { id: string; name: string; photoUrl: string | null };
      /** What the children call him (the page's words), and his name for the grown-ups (the worry page). */
      dadName: string;
      dadFullName: string;
      memories: FamilyMemory[];
      /** The end of this visitor's previous visit to this page (null: the first): what opened since is "New". */
      previousVisitAt: string | null;
      /** The children this guardian receives for, this one among them (one page links the others); the grown child: none. */
      family: Array<{ id: string; name: string }>;
      /** Who is looking at which child (for the envelopes); never rendered. */
      access: FamilyAccess;
    }
  /** Expired, revoked, unknown or no longer allowed: the page names nobody. */
  | { state: "unavailable" };

/** Where these words are said in the recordings of these memories (the transcripts module's search), best first. */
export type SearchSpoken = (input: { userId: string; query: string; memoryIds: string[] }) => Promise<{ hits: TranscriptHit[] }>;

/** A child's archive of opened memories as a ZIP stream, packed while it is read (the export module's buildChildArchive). */
export type ChildArchive = (input: { userId: string; childId: string }) => Promise<{ stream: Readable; result: Promise<unknown>; fileName: string }>;
