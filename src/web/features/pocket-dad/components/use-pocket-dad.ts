import { useCallback, useEffect, useRef, useState } from "react";
import {
  checkAnswerFormat,
  DEFAULT_INTENSITY,
  DEFAULT_TONE,
  type Intensity,
  POCKET_DAD_COPY,
  type PocketDadAnswer,
  stepIntensity,
  SUBMIT_DELAY_MS,
  type Tone,
  type Variant,
} from "../../../../shared/pocket-dad";
import { trackEvent } from "../../../lib/analytics";
import { isApiError } from "../../../lib/api-client";
import { askPocketDad } from "../api/ask-pocket-dad";
import { editSay } from "../api/edit-say";
import { likeResponse } from "../api/like-response";
import { savePreferences } from "../api/save-preferences";
import {
  childKey,
  loadPocketDadSession,
  rememberEntry,
  responseCacheKey,
  savePocketDadSession,
  type SessionEntry,
  type StoredPocketDad,
} from "../pocket-dad-storage";

export type PocketDadStatus = "idle" | "loading" | "answer" | "error";
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Aborted", "AbortError"));
    });
  });
const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * The Pocket Dad request machine of spec section 4: cache first, 250 ms delay, abort the earlier
 * request, one automatic retry on a bad format, tone and intensity changes that re-ask, likes.
 */
export function usePocketDad(options: { userId: string | null; initialTone?: Tone; initialIntensity?: Intensity; initialChildId: string | null }) {
  const { userId } = options;
  const [store, setStore] = useState<StoredPocketDad>(() => (userId ? loadPocketDadSession(userId) : { version: 1, lastChildId: null, children: {} }));
  const [childId, setChildId] = useState<string | null>(options.initialChildId);
  const [tone, setTone] = useState<Tone>(options.initialTone ?? DEFAULT_TONE);
  const [intensity, setIntensity] = useState<Intensity>(options.initialIntensity ?? DEFAULT_INTENSITY);
  const [status, setStatus] = useState<PocketDadStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const [currentKey, setCurrentKey] = useState<string | null>(() => store.children[childKey(options.initialChildId)]?.latestKey ?? null);
  const [likePending, setLikePending] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (userId) savePocketDadSession(userId, store);
  }, [store, userId]);

  const session = store.children[childKey(childId)];
  const entry: SessionEntry | undefined = currentKey ? session?.entries[currentKey] : undefined;
  const latestPrompt = entry?.prompt ?? null;
  /** The answer on screen was asked as this variant (Softer, Firmer and Retry keep it). */
  const variant: Variant = entry?.variant ?? "standard";
  /** The script Dad picked for the answer on screen, kept when he asks again another way. */
  const situationId = entry?.situationId;

  const ask = useCallback(
    async (request: { prompt: string; tone: Tone; intensity: Intensity; childId: string | null; variant: Variant; situationId?: string }) => {
      const prompt = request.prompt.trim();
      if (!prompt) {
        setError(POCKET_DAD_COPY.blankPrompt);
        setStatus("error");
        return;
      }
      const key = responseCacheKey(prompt, request.tone, request.intensity, request.childId, request.variant, request.situationId);
      controller.current?.abort();
      const cached = store.children[childKey(request.childId)]?.entries[key];
      if (cached) {
        setCurrentKey(key);
        setError(null);
        setStatus("answer");
        return;
      }
      const abort = new AbortController();
      controller.current = abort;
      setStatus("loading");
      setError(null);
      trackEvent("pd_submit", { tone: request.tone, tone_intensity: request.intensity, has_child: Boolean(request.childId), variant: request.variant });
      try {
        await wait(SUBMIT_DELAY_MS, abort.signal);
        for (let attempt = 0; ; attempt++) {
          const reply = await askPocketDad(
            { prompt, tone: request.tone, tone_intensity: request.intensity, child_id: request.childId, variant: request.variant, situation_id: request.situationId },
            abort.signal,
          );
          const check = checkAnswerFormat(reply.message);
          if (check.ok) {
            const answer: PocketDadAnswer = check.answer;
            const newEntry: SessionEntry = {
              prompt,
              tone: request.tone,
              toneIntensity: request.intensity,
              timestamp: new Date().toISOString(),
              responseId: reply.response_id,
              raw: reply.message,
              answer,
              liked: reply.liked,
              variant: request.variant,
              ...(request.situationId ? { situationId: request.situationId } : {}),
              meta: {
                kind: reply.kind,
                note: reply.note,
                funnierAllowed: reply.funnier_allowed,
                funnierReason: reply.funnier_reason,
                safetyNote: reply.safety_note,
                phones: reply.safety_phones,
                audience: reply.safety_audience,
                choices: reply.choices,
              },
            };
            setStore((current) => rememberEntry(current, request.childId, key, newEntry));
            setCurrentKey(key);
            setStatus("answer");
            trackEvent("pd_response_viewed", { response_id: reply.response_id, safety: reply.safety });
            return;
          }
          trackEvent("pd_response_invalid_format", { preview: reply.message.slice(0, 80), attempt });
          if (attempt >= 1) throw new Error(POCKET_DAD_COPY.genericError);
        }
      } catch (cause) {
        if (isAbort(cause) || abort.signal.aborted) return;
        setError(isApiError(cause) || cause instanceof Error ? cause.message || POCKET_DAD_COPY.genericError : POCKET_DAD_COPY.genericError);
        setStatus("error");
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [store],
  );

  return {
    childId,
    tone,
    intensity,
    status,
    error,
    entry,
    history: (session?.history ?? []).map((k) => session!.entries[k]).filter(Boolean),
    likePending,
    variant,
    submit: (prompt: string) => ask({ prompt, tone, intensity, childId, variant: "standard" }),
    retry: () => (latestPrompt ? ask({ prompt: latestPrompt, tone, intensity, childId, variant, situationId }) : undefined),
    /** Answers the same message with a script Dad picked from the closest ones a general answer offered. */
    chooseSituation(id: string) {
      if (!latestPrompt) return;
      trackEvent("pd_situation_chosen", { situation_id: id });
      void ask({ prompt: latestPrompt, tone, intensity, childId, variant: "standard", situationId: id });
    },
    /** Shorter or Funnier asks the same question again that way; asking for the one on screen goes back to the standard answer. */
    changeVariant(next: Exclude<Variant, "standard">) {
      if (!latestPrompt) return;
      const chosen: Variant = next === variant ? "standard" : next;
      trackEvent("pd_variant_changed", { variant: chosen });
      void ask({ prompt: latestPrompt, tone, intensity, childId, variant: chosen, situationId });
    },
    selectChild(next: string | null) {
      controller.current?.abort();
      setChildId(next);
      setError(null);
      const nextSession = store.children[childKey(next)];
      setCurrentKey(nextSession?.latestKey ?? null);
      setStatus(nextSession?.latestKey ? "answer" : "idle");
      setStore((current) => ({ ...current, lastChildId: next }));
    },
    changeTone(next: Tone) {
      if (next === tone) return;
      setTone(next);
      setIntensity(DEFAULT_INTENSITY);
      trackEvent("pd_tone_changed", { tone: next });
      savePreferences({ tone: next, tone_intensity: DEFAULT_INTENSITY }).catch(() => undefined);
      if (latestPrompt) void ask({ prompt: latestPrompt, tone: next, intensity: DEFAULT_INTENSITY, childId, variant: "standard", situationId });
    },
    stepIntensity(direction: "softer" | "firmer") {
      const next = stepIntensity(intensity, direction);
      if (next === intensity) return;
      setIntensity(next);
      trackEvent("pd_tone_intensity_changed", { tone_intensity: next });
      savePreferences({ tone, tone_intensity: next }).catch(() => undefined);
      if (latestPrompt) void ask({ prompt: latestPrompt, tone, intensity: next, childId, variant, situationId });
    },
    /** 'Edit' saved: his words are kept on his answer (server), then become the line here; a refusal is thrown to the editor. */
    async saveSay(say: string) {
      if (!entry || !currentKey) return;
      const [key, forChild, before] = [currentKey, childId, entry];
      const saved = await editSay(before.responseId, say);
      setStore((current) => rememberEntry(current, forChild, key, { ...before, answer: { ...before.answer, say: saved.say }, edited: true }));
      trackEvent("pd_say_edited", { response_id: before.responseId });
    },
    async like() {
      if (!entry || entry.liked || likePending || status === "loading" || !currentKey) return;
      setLikePending(true);
      try {
        await likeResponse(entry.responseId);
        setStore((current) => rememberEntry(current, childId, currentKey, { ...entry, liked: true }));
        trackEvent("pd_response_liked", { response_id: entry.responseId });
      } catch (cause) {
        console.warn("Pocket Dad like failed", cause);
      } finally {
        setLikePending(false);
      }
    },
  };
}
