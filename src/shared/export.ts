/**
 * 'Download everything': the archive's manifest (memories.json), documented by
 * this schema, and the status of an archive as Settings shows it. The manifest is versioned: a
 * reader checks `version` first; fields are only ever added within a version.
 */
import { z } from "zod";
import { MEMORY_KINDS, type Memory, type ShownMemoryFields, shownMemoryFieldsSchema } from "./memories";
import { UNLOCK_TYPES } from "./unlock-rules";

export const ARCHIVE_MANIFEST_VERSION = 1;
/** An archive's download link is valid this long; the archive is then deleted. */
export const ARCHIVE_VALID_DAYS = 7;
/** How many 'Download everything' archives an account may ask for in 24 hours (each packs every file it has). */
export const ARCHIVES_PER_DAY = 3;

const fileRole = z.enum(["video", "thumbnail", "photo", "voice", "child-photo"]);
/** A file the archive holds: its relative path inside the archive, with forward slashes (e.g. media/<memory id>/video.mp4). */
const storedFile = {
  path: z.string().min(1),
  contentType: z.string().min(1),
  sizeBytes: z.number().int().min(0),
  /** Lower-case hex SHA-256 of the file's bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
};
/** A file storage no longer had: where it would have been; nothing is at this path. */
const missingFile = { path: z.string().min(1), contentType: z.string().min(1) };
const STORED = z.literal("stored");
const MISSING = z.literal("missing");

/** A file inside the archive, and what it is for this memory (or child), or one that storage no longer had. */
export const archiveFileSchema = z.discriminatedUnion("status", [z.object({ status: STORED, role: fileRole, ...storedFile }), z.object({ status: MISSING, role: fileRole, ...missingFile })]);
export type ArchiveFile = z.infer<typeof archiveFileSchema>;

/** A file made from a recording's transcript, beside the recording (its role is the field that holds it). */
export const archiveTranscriptFileSchema = z.discriminatedUnion("status", [z.object({ status: STORED, ...storedFile }), z.object({ status: MISSING, ...missingFile })]);
export type ArchiveTranscriptFile = z.infer<typeof archiveTranscriptFileSchema>;

export const archiveCommentSchema = z.object({
  id: z.string(),
  author: z.string(),
  content: z.string(),
  /** Seconds into the video the comment is about. */
  timeSeconds: z.number().min(0),
  createdAt: z.string(),
  replies: z.array(z.object({ id: z.string(), author: z.string(), content: z.string(), timeSeconds: z.number().min(0), createdAt: z.string() })),
});

export const archiveChildSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** YYYY-MM-DD */
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  photo: archiveFileSchema.nullable(),
});
export type ArchiveChild = z.infer<typeof archiveChildSchema>;

/**
 * The fields an archive keeps of a memory as the memory itself holds them (version 1 names them as `Memory` does):
 * the fields every shown memory has (id, title, notes, the instant it was saved), its kind and length, its children.
 */
export type ArchivedMemoryFields = ShownMemoryFields & Pick<Memory, "kind" | "durationSeconds" | "childIds">;

const archivedMemoryFields = {
  ...shownMemoryFieldsSchema.shape,
  kind: z.enum(MEMORY_KINDS),
  durationSeconds: z.number().nullable(),
  /** Ids of the children it is for (see `children`); a memory for two children appears once. */
  childIds: z.array(z.string()),
} satisfies { [Field in keyof ArchivedMemoryFields]: z.ZodType<ArchivedMemoryFields[Field]> };

export const archiveMemorySchema = z.object({
  ...archivedMemoryFields,
  unlock: z.object({
    type: z.enum(UNLOCK_TYPES),
    age: z.number().int().nullable(),
    /** YYYY-MM-DD */
    date: z.string().nullable(),
    milestone: z.string().nullable(),
    /**
     * Whether it had opened when the archive was made, for any of its children: opened as recorded
     * (by its rule, by Dad's early release, or earlier, before an edit moved its date; an opened
     * memory never locks again), not its rule read again on that day.
     */
    opened: z.boolean(),
    /**
     * For which of its children it had opened, and when (ISO 8601), earliest first; empty while locked
     * for all of them. A child's archive lists only that child. Added within version 1: an archive made
     * before it has no `openedFor` (read `opened` then).
     */
    openedFor: z.array(z.object({ childId: z.string(), at: z.string() })).optional(),
    /** When it opened (for its first child), or else when it opens if the rule makes that knowable (ISO 8601). */
    opensAt: z.string().nullable(),
    /** 'Available now', 'Age 18', 'Jun 1, 2030', 'Milestone'. */
    label: z.string(),
  }),
  files: z.array(archiveFileSchema),
  /** Video comments with their timestamps (empty for narrations and notes). */
  comments: z.array(archiveCommentSchema),
  /**
   * What is said in its recording, once it has a transcript: the words as plain text (transcript.txt, one caption a
   * line) and the captions with their times (captions.vtt, WebVTT). Added within version 1: absent for a memory
   * without a transcript, and in archives made before.
   */
  transcript: z.object({ text: archiveTranscriptFileSchema, captions: archiveTranscriptFileSchema }).optional(),
});
export type ArchiveMemory = z.infer<typeof archiveMemorySchema>;

export const archiveManifestSchema = z.object({
  format: z.literal("hey-dad-archive"),
  version: z.literal(ARCHIVE_MANIFEST_VERSION),
  createdAt: z.string(),
  /** 'account': everything Dad made; 'child': one child's opened memories (a guardian's keepsake). */
  scope: z.enum(["account", "child"]),
  children: z.array(archiveChildSchema),
  /** Newest first. */
  memories: z.array(archiveMemorySchema),
});
export type ArchiveManifest = z.infer<typeof archiveManifestSchema>;

/**
 * Whether a memory has not opened yet for at least one of its children, as recorded when the archive was made (a
 * manifest made before `openedFor` says only whether it opened for any of them).
 */
export function notOpenedForAll(memory: Pick<ArchiveMemory, "childIds" | "unlock">) {
  const { openedFor, opened } = memory.unlock;
  if (!openedFor) return !opened;
  return memory.childIds.some((childId) => !openedFor.some((entry) => entry.childId === childId));
}

export const ARCHIVE_STATUSES = ["building", "ready", "failed", "expired"] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];

/** An archive as Settings shows it. */
export type ArchiveView = {
  id: string;
  status: ArchiveStatus;
  /** 0 to 100 */
  progress: number;
  /** What is being packed now ('First bike ride'), while building. */
  currentItem: string | null;
  sizeBytes: number | null;
  /** Files that storage no longer had, listed as missing in memories.json. */
  missingFiles: number;
  createdAt: string;
  expiresAt: string | null;
};

export const EXPORT_COPY = {
  title: "Download everything",
  description:
    "A ZIP with every video, voice recording and photo in its original format, a memories.json list of everything, and a page that plays it all offline in any browser. It works with or without a subscription.",
  start: "Download everything",
  building: "Preparing your archive",
  leave: "You can leave this page. We'll email you a link when it's ready.",
  ready: "Your archive is ready",
  download: "Download the archive",
  failed: "We couldn't build your archive. Please try again.",
  expired: "This download link has expired. Archives are kept for 7 days.",
  buildNew: "Build a new archive",
  limit: `You can build ${ARCHIVES_PER_DAY} archives a day, and you have built ${ARCHIVES_PER_DAY} today. Please try again tomorrow.`,
} as const;

/** A keepsake card's short line from Dad, and the paper sizes it prints on. */
export const keepsakeCardQuerySchema = z.object({
  size: z.enum(["a6", "letter"]).default("a6"),
  line: z.string().trim().max(140, "Keep the line under 140 characters.").default(""),
});

/** Claim codes on keepsake cards: 10 characters without look-alikes (no 0/O, 1/I/L). */
export const CLAIM_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CLAIM_CODE_LENGTH = 10;
export const claimCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ""))
  .pipe(z.string().regex(new RegExp(`^[${CLAIM_CODE_ALPHABET}]{${CLAIM_CODE_LENGTH}}$`)));

/** ABCDE-FGHJK: easier to read aloud and type from paper. */
export const formatClaimCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
