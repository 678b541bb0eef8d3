/**
 * Memories: narrations (voice + photo), quick notes (voice or text, no photo) and videos, one list.
 * The request schema shared by the record form and the server, the list item shape, and the
 * pure dashboard-filter and vault rules.
 */
import { z } from "zod";
import { isCalendarDate } from "./calendar";
import {
  type ChildUnlock,
  keepChosenUnlockField,
  requireUnlockRuleFieldWith,
  UNLOCK_AGE_MAX,
  UNLOCK_AGE_MIN,
  UNLOCK_COPY,
  type UnlockCopy,
  unlockRuleFieldsWith,
  type UnlockType,
} from "./unlock-rules";

export const MAX_RECORDING_SECONDS = 120;
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
/** The header a create form sends with one UUID per submission, so a double submit makes one memory. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_HINT = "PNG, JPG, GIF up to 10MB";
/** Said beside the photo picker, and by the server, when a photo is over MAX_IMAGE_BYTES. */
export const IMAGE_TOO_LARGE = "Images can be up to 10MB. Choose a smaller photo.";

export const NARRATION_COPY = {
  notSignedIn: "Not signed in.",
  recordFirst: "Record narration first.",
  addTitle: "Add a title.",
  selectChild: "Select at least one child.",
  saveFailed: "Save failed",
  ...UNLOCK_COPY,
} as const;

/**
 * The fields every memory has (title, notes, children, unlock rule), one schema for the server's
 * request bodies and the forms; each kind extends it with its own fields, and each screen keeps
 * the spec's wording for the title and children messages. Errors carry the field's path.
 */
export function memoryFieldsObject(copy: { addTitle: string; selectChild: string; unlock?: UnlockCopy }) {
  return z.object({
    title: z.string({ error: copy.addTitle }).trim().min(1, copy.addTitle).max(200, "Keep the title under 200 characters."),
    notes: z.string().trim().max(10_000, "Keep the notes under 10,000 characters.").default(""),
    childIds: z.array(z.uuid(copy.selectChild), { error: copy.selectChild }).min(1, copy.selectChild).max(50),
    ...unlockRuleFieldsWith(copy.unlock ?? UNLOCK_COPY),
    /** 'Release early if something happens to me': opens for its children at a legacy release (months without a sign of Dad). */
    releaseEarly: z.boolean({ error: "Choose whether to release it early." }).default(false),
  });
}

/**
 * Finishes a memory's fields object: the chosen unlock type's field is required (said in the
 * screen's `copy`, the record form's by default), the others dropped.
 */
export function withUnlockRule<T extends z.ZodType<UnlockRuleFieldsOutput, unknown>>(
  schema: T,
  copy: UnlockCopy = UNLOCK_COPY,
): z.ZodPipe<T, z.ZodTransform<KeptUnlockFields<z.output<T>>, z.output<T>>> {
  return schema.superRefine(requireUnlockRuleFieldWith(copy)).transform((value) => keepChosenUnlockField(value as z.output<T>)) as never;
}
type KeptUnlockFields<T> = T & { unlockAge: number | null; unlockDate: string | null; unlockMilestone: string | null };
type UnlockRuleFieldsOutput = { unlockType: UnlockType; unlockAge?: number | null; unlockDate?: string | null; unlockMilestone?: string | null };

/** The fields of a narration or quick note (the files travel beside them). */
export const narrationFieldsSchema = withUnlockRule(
  memoryFieldsObject(NARRATION_COPY).extend({
    kind: z.enum(["narration", "note"]),
    durationSeconds: z.number().int().min(0).max(MAX_RECORDING_SECONDS, "Recordings are at most 2 minutes.").default(0),
  }),
);

/** PATCH of any memory after saving it: the fields every memory has, as the record form words them. */
export const editMemorySchema = withUnlockRule(memoryFieldsObject(NARRATION_COPY));
export type EditMemoryFields = z.output<typeof editMemorySchema>;

export type NarrationFieldsInput = z.input<typeof narrationFieldsSchema>;
export type NarrationFields = z.output<typeof narrationFieldsSchema>;

/** The memory fields' checkbox and what it means (record forms, video assign, edit dialog). */
export const RELEASE_EARLY_LABEL = "Release early if something happens to me";
export const RELEASE_EARLY_HINT = "Opens for the children chosen here if 'If something happens to me' (Settings → Family delivery) releases, even before its own unlock rule.";

/** The unlock rule as the record form holds it (the inputs' text). */
export type UnlockRuleInput = { unlockType: UnlockType; unlockAge: string; unlockDate: string; unlockMilestone: string };

/** What an incomplete unlock rule lacks, with the same messages the server gives. */
function unlockRuleProblem({ unlockType, unlockAge, unlockDate, unlockMilestone }: UnlockRuleInput) {
  if (unlockType === "age") {
    if (unlockAge.trim() === "") return NARRATION_COPY.enterAge;
    const age = Number(unlockAge);
    if (!Number.isInteger(age) || age < UNLOCK_AGE_MIN || age > UNLOCK_AGE_MAX) return NARRATION_COPY.ageRange;
  }
  if (unlockType === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(unlockDate)) return NARRATION_COPY.selectDate;
  if (unlockType === "date" && !isCalendarDate(unlockDate)) return NARRATION_COPY.invalidDate;
  if (unlockType === "milestone" && unlockMilestone.trim() === "") return NARRATION_COPY.enterMilestone;
  return null;
}

/**
 * What the record form checks before Save is enabled: a recording (narrations), a title, a child, in that order, then the
 * unlock rule, so an empty age, date or milestone is said beside Save instead of after a round trip.
 */
export function narrationSaveProblem(input: { kind: "narration" | "note"; hasRecording: boolean; title: string; childCount: number; unlock: UnlockRuleInput }) {
  if (input.kind === "narration" && !input.hasRecording) return NARRATION_COPY.recordFirst;
  if (input.title.trim() === "") return NARRATION_COPY.addTitle;
  if (input.childCount === 0) return NARRATION_COPY.selectChild;
  return unlockRuleProblem(input.unlock);
}

export const MEMORY_KINDS = ["narration", "note", "video"] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];
/** The kinds the narration routes serve (a quick note is a narration without a photo). */
export const RECORDED_KINDS = ["narration", "note"] as const satisfies readonly MemoryKind[];

/**
 * What a stored file is for its memory: a narration's photo and voice, a video's original and playable file and its
 * thumbnail, and files derived later (captions). One file per role.
 */
export const MEMORY_FILE_ROLES = ["photo", "voice", "original_video", "playable_video", "thumbnail", "captions"] as const;
export type MemoryFileRole = (typeof MEMORY_FILE_ROLES)[number];
/** Where a memory's file is stored (its bucket and key in file storage) and what it is for. */
export type MemoryFileRef = { role: MemoryFileRole; bucket: "audio" | "images" | "videos"; key: string };

/**
 * The fields of a memory that travel as they are stored to everywhere it is shown: the dashboard card, the child's
 * page and its emails, and the archive (memories.json, checked with this schema, and its offline player). A field
 * added here (and read in `MEMORY_FIELDS` of the repository) reaches each of them; each renderer then shows it.
 */
export const shownMemoryFieldsSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string(),
  /** ISO 8601 in UTC with milliseconds, as stored (the page cursor reuses it). */
  createdAt: z.string(),
});
export type ShownMemoryFields = z.infer<typeof shownMemoryFieldsSchema>;
const SHOWN_MEMORY_FIELDS = Object.keys(shownMemoryFieldsSchema.shape) as Array<keyof ShownMemoryFields>;

/** The shown fields of a memory (or of any shape that carries them), copied as they are. */
export function shownFieldsOf(memory: ShownMemoryFields): ShownMemoryFields {
  const shown: Record<string, unknown> = {};
  for (const field of SHOWN_MEMORY_FIELDS) shown[field] = memory[field];
  return shown as ShownMemoryFields;
}

/**
 * A memory of any kind, as it is stored: the fields it shows, its kind, its children, its unlock rule (with the
 * instant Dad marked a milestone reached) and when it first opened for all of its children, a video's processing
 * (null for the other kinds), and its stored files. Every shape a memory travels as (a card, a delivery, an archive
 * entry) is worked out from this one.
 */
export type Memory = ShownMemoryFields & {
  kind: MemoryKind;
  durationSeconds: number | null;
  /** 'Release early if something happens to me'. */
  releaseEarly: boolean;
  childIds: string[];
  rule: { unlockType: UnlockType; unlockAge: number | null; unlockDate: string | null; unlockMilestone: string | null; milestoneReachedAt: string | null };
  /**
   * The children it has opened for (a recorded unlock), each with when (ISO): it never re-locks for them, whatever
   * its rule says since. A child not in it has the memory by its rule for that child (an age: their own birthday).
   */
  openedFor: Record<string, string>;
  processing: { status: "processing" | "completed" | "failed"; progress: number; error: string | null } | null;
  files: MemoryFileRef[];
};

/** The file roles a memory shows and delivers, in the order they are offered, with the name archives give them. */
const DELIVERED_ROLES = [
  ["voice", "voice"],
  ["photo", "photo"],
  ["playable_video", "video"],
  ["thumbnail", "thumbnail"],
] as const satisfies ReadonlyArray<readonly [MemoryFileRole, string]>;
export type DeliveredFile = Omit<MemoryFileRef, "role"> & { role: (typeof DELIVERED_ROLES)[number][1] };

/**
 * The files of a memory a child's page, its emails and the archive carry: a narration's voice and photo, a video's
 * playable file and thumbnail, named as version 1 archives name them ('video' for the playable file).
 */
export function deliveredFilesOf(memory: Pick<Memory, "files">): DeliveredFile[] {
  return DELIVERED_ROLES.flatMap(([role, as]) => {
    const file = memory.files.find((candidate) => candidate.role === role);
    return file ? [{ role: as, bucket: file.bucket, key: file.key }] : [];
  });
}

/** The stored file of one role, if the memory has it. */
export const fileOf = (memory: Pick<Memory, "files">, role: MemoryFileRole) => memory.files.find((file) => file.role === role);

export type MemoryUnlock = {
  type: UnlockType;
  age: number | null;
  date: string | null;
  milestone: string | null;
  /** Open for every one of its children. */
  unlocked: boolean;
  label: string;
  unlocksAt: string | null;
  /** Where it stands for each child: an age rule opens for each on their own birthday. */
  forChildren: ChildUnlock[];
};

/** The card's fields every kind shares: the memory's own, its children by name, and its unlock state for them. */
type MemoryItemBase = ShownMemoryFields & Pick<Memory, "releaseEarly"> & {
  children: { id: string; name: string }[];
  unlock: MemoryUnlock;
};

/** A narration (photo + voice) or quick note (voice or text) card in the dashboard or the vault. */
export type NarrationItem = MemoryItemBase & {
  kind: (typeof RECORDED_KINDS)[number];
  durationSeconds: number;
  audioUrl: string | null;
  imageUrl: string | null;
};

/** A video card: the player fetches its playback link by id once the video is processed. */
export type VideoMemoryItem = MemoryItemBase & {
  kind: "video";
  durationSeconds: Memory["durationSeconds"];
  thumbnailUrl: string | null;
  processing: NonNullable<Memory["processing"]>;
};

export type MemoryItem = NarrationItem | VideoMemoryItem;

export type MemoryPage = { items: MemoryItem[]; nextCursor: string | null };

export const DASHBOARD_FILTERS = [
  { value: "all", label: "All" },
  { value: "narration", label: "Narration" },
  { value: "video", label: "Video" },
  { value: "note", label: "Quick Note" },
] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number]["value"];

export const memoryListQuerySchema = z.object({
  kind: z.enum(["all", ...MEMORY_KINDS]).default("all"),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(24),
  /** Only the memories meant for this child (the child's page, /videos?child=). */
  childId: z.uuid().optional(),
});

/** The dashboard filter: All shows every kind; the others show only their own kind. */
export function matchesDashboardFilter(item: { kind: MemoryKind }, filter: DashboardFilter) {
  return filter === "all" || item.kind === filter;
}

export type VaultStatus = "all" | "unlocked" | "locked";
/** The vault's tab is the dashboard's filter: All (the default) or one kind. */
export type VaultView = { tab: DashboardFilter; query: string; sort: "newest" | "oldest"; childId: string | null; status: VaultStatus };
type VaultItem = { kind: MemoryKind; title: string; notes: string; createdAt: string; children: { id: string }[]; unlock: { unlocked: boolean } };

/** True when the search (title and notes), the child and the status filter all let the item through. */
function passesVaultFilters(item: VaultItem, view: VaultView) {
  const query = view.query.trim().toLocaleLowerCase();
  return (
    (query === "" || item.title.toLocaleLowerCase().includes(query) || item.notes.toLocaleLowerCase().includes(query)) &&
    (view.childId === null || item.children.some((child) => child.id === view.childId)) &&
    (view.status === "all" || item.unlock.unlocked === (view.status === "unlocked"))
  );
}

/** True when Dad has narrowed the vault (a search, a child or a status), not only picked a tab. */
export const vaultIsFiltered = (view: VaultView) => view.query.trim() !== "" || view.childId !== null || view.status !== "all";

/** The vault's tab, search (title and notes), child and status filters, then the sort. */
export function vaultItems<T extends VaultItem>(items: T[], view: VaultView) {
  const kept = items.filter((item) => matchesDashboardFilter(item, view.tab) && passesVaultFilters(item, view));
  const direction = view.sort === "newest" ? -1 : 1;
  return kept.sort((a, b) => direction * (Date.parse(a.createdAt) - Date.parse(b.createdAt)));
}

/**
 * What the current tab hides while Dad searches or filters: for each other kind with matches, how many
 * ("2 matches in Narration"), in the tabs' order. Nothing on the All tab or without a search or filter.
 */
export function vaultMatchesInOtherTabs(items: VaultItem[], view: VaultView) {
  if (view.tab === "all" || !vaultIsFiltered(view)) return [];
  return DASHBOARD_FILTERS.flatMap(({ value, label }) => {
    if (value === "all" || value === view.tab) return [];
    const count = items.filter((item) => item.kind === value && passesVaultFilters(item, view)).length;
    return count > 0 ? [{ kind: value, count, text: `${count} ${count === 1 ? "match" : "matches"} in ${label}` }] : [];
  });
}

/** m:ss, as the recorder and the cards show durations. */
export function formatDuration(totalSeconds: number) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
