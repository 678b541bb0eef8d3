import { z } from "zod";
import { INTENSITIES, TONES } from "../../../shared/pocket-dad";
import { userStorageKey } from "../../lib/user-local-state";

/**
 * The Pocket Dad session cache, per user (localStorage) and per child ('none' without one):
 * the latest prompt and answer, every answer by cache key (prompt, tone, intensity, child),
 * and the history. Discarded when its shape or version does not match.
 */
const STORAGE_NAME = "hd.pocketdad";
const answerSchema = z.object({ say: z.string(), doItems: z.array(z.string()), why: z.string() });
const entrySchema = z.object({
  prompt: z.string(),
  tone: z.enum(TONES),
  toneIntensity: z.enum(INTENSITIES),
  timestamp: z.string(),
  responseId: z.string(),
  raw: z.string(),
  answer: answerSchema,
  liked: z.boolean(),
});
const childSessionSchema = z.object({ latestKey: z.string().nullable(), entries: z.record(z.string(), entrySchema), history: z.array(z.string()) });
const storedSchema = z.object({ version: z.literal(1), lastChildId: z.string().nullable(), children: z.record(z.string(), childSessionSchema) });

export type SessionEntry = z.infer<typeof entrySchema>;
export type StoredPocketDad = z.infer<typeof storedSchema>;
export const HISTORY_LIMIT = 30;

export const childKey = (childId: string | null) => childId ?? "none";
export const responseCacheKey = (prompt: string, tone: string, intensity: string, childId: string | null) => JSON.stringify([prompt, tone, intensity, childKey(childId)]);

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
