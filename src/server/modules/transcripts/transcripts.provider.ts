import fs from "node:fs";
import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, experimental_transcribe as transcribe, NoTranscriptGeneratedError, RetryError } from "ai";
import { z } from "zod";
import { segmentsOfWords, type TranscriptSegment, type TranscriptWord } from "../../../shared/transcripts";
import type { MediaContainer } from "../storage/storage.file-type";
import { withSpeechOf } from "./transcripts.speech";
import { EngineUnreachable, NoRetryHelps, type Transcriber } from "./transcripts.types";

/** A provider speaking OpenAI's transcription API: OpenAI itself (no base URL) or a self-hosted Whisper server. */
export type ProviderSettings = { model: string; baseUrl?: string; apiKey?: string; language?: string };

/** How long one recording may take at the provider before the try counts as failed (and is tried again later). */
const PROVIDER_TIMEOUT_MS = 10 * 60 * 1000;

/** The parts of OpenAI's verbose_json answer that carry timings (a Whisper server answers the same). */
const verboseJson = z.object({
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string(), avg_logprob: z.number().optional() })).optional(),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number(), probability: z.number().optional() })).optional(),
});
type ProviderSegment = { text: string; startSecond: number; endSecond: number };

const ms = (seconds: number) => Math.round(seconds * 1000);
const unit = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The provider's answer as segments. Its segments are the captions (their text as the provider punctuated it), each
 * holding the words that start in it with their own times; a word's confidence is its probability when the provider
 * gives one, otherwise its segment's (the exponential of its average log-probability). Words without segments become
 * caption-sized segments; segments without words keep no word times (a search then finds the segment's start).
 */
export function segmentsOfProviderAnswer(body: unknown, fallback: ProviderSegment[]): TranscriptSegment[] {
  const answer = verboseJson.safeParse(body);
  const words = (answer.success ? answer.data.words : undefined) ?? [];
  const segments = answer.success ? answer.data.segments : undefined;
  const wordOf = (word: (typeof words)[number], confidence: number): TranscriptWord => ({ text: word.word.trim(), startMs: ms(word.start), endMs: ms(word.end), confidence: unit(word.probability ?? confidence) });
  if (segments?.length) {
    const spoken = segments.filter((segment) => segment.text.trim() !== "");
    // Each word goes to the last segment that has started when it is said.
    const home = (word: (typeof words)[number]) => Math.max(0, spoken.findLastIndex((segment) => segment.start <= word.start + 0.001));
    return spoken.map((segment, index) => ({
      startMs: ms(segment.start),
      endMs: ms(segment.end),
      text: segment.text.trim(),
      words: words.filter((word) => home(word) === index && word.word.trim() !== "").map((word) => wordOf(word, segment.avg_logprob === undefined ? 1 : Math.exp(segment.avg_logprob))),
    }));
  }
  if (words.length) return segmentsOfWords(words.filter((word) => word.word.trim() !== "").map((word) => wordOf(word, 1)));
  return fallback.filter((segment) => segment.text.trim() !== "").map((segment) => ({ startMs: ms(segment.startSecond), endMs: ms(segment.endSecond), text: segment.text.trim(), words: [] }));
}

/** What went wrong at the provider, in words for Dad and the log: worth another try (unreachable, busy, failing) or not. */
function providerFailure(error: unknown): Error {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode ? `HTTP ${cause.statusCode}` : "no answer";
    if (cause.isRetryable) return new EngineUnreachable(`The transcription service could not be reached (${status}: ${cause.message}).`);
    if (cause.statusCode && cause.statusCode < 300) return new NoRetryHelps(`The transcription service answered in a form we cannot read (${cause.message}).`);
    return new NoRetryHelps(`The transcription service refused this recording (${status}: ${cause.message}).`);
  }
  if (error instanceof Error && error.name === "TimeoutError") return new EngineUnreachable(`The transcription service did not answer within ${PROVIDER_TIMEOUT_MS / 60_000} minutes.`);
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The provider engine, through the AI SDK's transcription: the recording's speech as MP3 to the provider, asked for
 * word and segment timings (verbose_json). The engine is recorded as "ai:<model>", the language as the provider
 * detected it (or as configured). The SDK does not retry: the job does, with its back-off, and then gives up.
 */
export function createProviderTranscriber(settings: ProviderSettings): Transcriber {
  // A self-hosted server that checks no key still gets a bearer token (the SDK requires one); production requires a real key.
  const provider = createOpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey ?? "not-set" });
  const engine = `ai:${settings.model}`;
  return {
    engine,
    transcribe: (input: { file: string; container: MediaContainer }) =>
      withSpeechOf(input, "mp3", async (speech) => {
        try {
          const result = await transcribe({
            model: provider.transcription(settings.model),
            audio: await fs.promises.readFile(speech),
            maxRetries: 0,
            abortSignal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
            providerOptions: { openai: { timestampGranularities: ["word", "segment"], ...(settings.language ? { language: settings.language } : {}) } },
          });
          // The raw answer holds the word times the SDK's segments leave out.
          const body = (result.responses[0] as { body?: unknown } | undefined)?.body;
          return { engine, language: result.language ?? settings.language ?? "und", segments: segmentsOfProviderAnswer(body, result.segments) };
        } catch (error) {
          // Nothing was said (silence): a transcript with no words, as the embedded engine gives.
          if (NoTranscriptGeneratedError.isInstance(error)) return { engine, language: settings.language ?? "und", segments: [] };
          throw providerFailure(error);
        }
      }),
  };
}
