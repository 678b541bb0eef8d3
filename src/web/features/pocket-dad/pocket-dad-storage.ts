import { z } from "zod";
import { INTENSITIES, TONES, VARIANTS } from "../../../shared/pocket-dad";
import { userStorageKey } from "../../lib/user-local-state";

/**
 * The Pocket Dad session cache, per user (localStorage) and per child ('none' without one):
 * the latest prompt and answer, every answer by cache key (prompt, tone, intensity, child),
 * and the history. Discarded when its shape or version does not match.
 */
const STORAGE_NAME = "hd.pocketdad";
const answerSchema = z.object({ say: z.string(), doItems: z.array(z.string()), why: z.string() });
/** What the reply said about itself; answers saved before it have none and read as a plain script. */
const metaSchema = z.object({
  kind: z.enum(["script", "safety", "general"]),
  note: z.string().nullable(),
  funnierAllowed: z.boolean(),
  funnierReason: z.string().nullable(),
  /**
   * The message only might be an emergency: a note above the usual script, with the number to call; 'ask' when a
   * few words named nothing (notes saved before it have no kind and name their danger).
   */
  safetyNote: z
    .object({
      kind: z.enum(["danger", "ask"]).optional(),
      category: z.string().nullable(),
      text: z.string(),
      phones: z.array(z.object({ display: z.string(), tel: z.string() })),
    })
    .nullable()
    .optional(),
  /** The numbers in a safety answer, each made a tel: link (answers saved before them link the US formats). */
  phones: z.array(z.object({ display: z.string(), tel: z.string() })).optional(),
  /** 'dad' for a baby: the first line is what Dad's hands do, not words for the child. */
  audience: z.enum(["dad", "child"]).nullable().optional(),
  /** A general answer's closest scripts, offered as buttons. */
  choices: z.array(z.object({ id: z.string(), title: z.string() })).optional(),
});
export type AnswerMeta = z.infer<typeof metaSchema>;
export const PLAIN_SCRIPT: AnswerMeta = { kind: "script", note: null, funnierAllowed: true, funnierReason: null };
const entrySchema = z.object({
  prompt: z.string(),
  tone: z.enum(TONES),
  toneIntensity: z.enum(INTENSITIES),
  timestamp: z.string(),
  responseId: z.string(),
  raw: z.string(),
  answer: answerSchema,
  liked: z.boolean(),
  variant: z.enum(VARIANTS).optional(),
  meta: metaSchema.optional(),
  /** answer.say is Dad's own words ('Edit'), also kept on his answer on the server. */
  edited: z.boolean().optional(),
  /** The script Dad picked from a general answer's closest ones; asking again (tone, Softer, Retry) keeps it. */
  situationId: z.string().optional(),
});
const childSessionSchema = z.object({ latestKey: z.string().nullable(), entries: z.record(z.string(), entrySchema), history: z.array(z.string()) });
const storedSchema = z.object({ version: z.literal(1), lastChildId: z.string().nullable(), children: z.record(z.string(), childSessionSchema) });

export type SessionEntry = z.infer<typeof entrySchema>;
export type StoredPocketDad = z.infer<typeof storedSchema>;
export const HISTORY_LIMIT = 30;

export const childKey = (childId: string | null) => childId ?? "none";
/** The standard answer keeps the key it always had, so answers saved before variants (and picked scripts) are still found. */
export const responseCacheKey = (prompt: string, tone: string, intensity: string, childId: string | null, variant = "standard", situationId?: string) =>
  JSON.stringify([prompt, tone, intensity, childKey(childId), ...(variant === "standard" && !situationId ? [] : [variant]), ...(situationId ? [situationId] : [])]);

export function emptyStore(): StoredPocketDad {
  return { version: 1, lastChildId: null, children: {} };
}

export function loadPocketDadSession(userId: string): StoredPocketDad {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(localStorage.getItem(userStorageKey(STORAGE_NAME, userId)) ?? "null"));
    return parsed.success ? parsed.data : emptyStore();
  } catch {
    return emptyStore();
  }
}

export function savePocketDadSession(userId: string, store: StoredPocketDad) {
  try {
    localStorage.setItem(userStorageKey(STORAGE_NAME, userId), JSON.stringify(store));
  } catch {
    // Storage full or blocked: the session still works in memory.
  }
}

export function forgetPocketDadSession(userId: string) {
  localStorage.removeItem(userStorageKey(STORAGE_NAME, userId));
}

/** Adds an answer to a child's session (cache entry, latest, history trimmed to the limit). */
export function rememberEntry(store: StoredPocketDad, childId: string | null, key: string, entry: SessionEntry): StoredPocketDad {
  const session = store.children[childKey(childId)] ?? { latestKey: null, entries: {}, history: [] };
  const history = [key, ...session.history.filter((k) => k !== key)].slice(0, HISTORY_LIMIT);
  const entries = Object.fromEntries(history.map((k) => [k, k === key ? entry : session.entries[k]]).filter(([, v]) => v));
  return { ...store, lastChildId: childId, children: { ...store.children, [childKey(childId)]: { latestKey: key, entries, history } } };
}

// ---------- The 'Tune Pocket Dad' overlay: until the questionnaire is done or skipped, at most once a day ----------

const TUNE_SHOWN_NAME = "hd.pocketdad.tune-shown";
/** The calendar day on Dad's own clock, YYYY-MM-DD. */
const localDay = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

/** True unless the overlay was already shown today (on this browser). */
export function tuneOverlayDue(userId: string, now = new Date()) {
  try {
    return localStorage.getItem(userStorageKey(TUNE_SHOWN_NAME, userId)) !== localDay(now);
  } catch {
    return true;
  }
}

export function markTuneOverlayShown(userId: string, now = new Date()) {
  try {
    localStorage.setItem(userStorageKey(TUNE_SHOWN_NAME, userId), localDay(now));
  } catch {
    // Storage blocked: it may show again on the next visit today.
  }
}
