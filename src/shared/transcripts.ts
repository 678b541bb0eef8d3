import { z } from "zod";

/** A recognised word with its time in the recording (milliseconds) and the engine's confidence (0-1). */
export type TranscriptWord = { text: string; startMs: number; endMs: number; confidence: number };
/** A stretch of speech shown as one caption; Dad's own text has no word timings. */
export type TranscriptSegment = { startMs: number; endMs: number; text: string; words: TranscriptWord[] };

/**
 * Below this confidence a word is marked unsure (shown and captioned as such, never replaced by a guess). PocketSphinx
 * gives the words it heard clearly 0.8 and more, and its misheard ones mostly under 0.3.
 */
export const UNSURE_BELOW = 0.5;
export const isUnsure = (word: TranscriptWord) => word.confidence < UNSURE_BELOW;

/** A caption holds at most this many words, so it fits two lines under the player. */
const MAX_CAPTION_WORDS = 12;

/** Splits an utterance into caption-sized segments, each word keeping its own time. */
export function segmentsOfWords(words: TranscriptWord[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (let start = 0; start < words.length; start += MAX_CAPTION_WORDS) {
    const part = words.slice(start, start + MAX_CAPTION_WORDS);
    segments.push({ startMs: part[0]!.startMs, endMs: part.at(-1)!.endMs, text: part.map((word) => word.text).join(" "), words: part });
  }
  return segments;
}

/**
 * Dad's text as segments. One line per segment is what he is shown to edit: when he keeps that many lines, each keeps
 * its segment's times; otherwise his lines share the recording's length in proportion to their length.
 */
export function segmentsOfText(input: { text: string; previous: TranscriptSegment[]; durationMs: number }): TranscriptSegment[] {
  const lines = input.text.split(/\r?\n/).map((line) => line.trim().replace(/\s+/g, " ")).filter((line) => line !== "");
  if (lines.length === input.previous.length) return lines.map((text, index) => ({ startMs: input.previous[index]!.startMs, endMs: input.previous[index]!.endMs, text, words: [] }));
  const total = lines.reduce((sum, line) => sum + line.length, 0);
  const length = Math.max(input.durationMs, 1000 * lines.length);
  let at = 0;
  return lines.map((text) => {
    const startMs = at;
    at += Math.round((length * text.length) / total);
    return { startMs, endMs: Math.max(at, startMs + 1), text, words: [] };
  });
}

/** The text Dad edits: one line per segment. */
export const transcriptText = (segments: TranscriptSegment[]) => segments.map((segment) => segment.text).join("\n");

function timestamp(ms: number) {
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

const escapeCue = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** WebVTT captions from the segments; unsure words sit in a `unsure` class span, so a player may show them as such. */
export function toWebVtt(segments: TranscriptSegment[]) {
  const cues = segments.map((segment) => {
    const text = segment.words.length === 0 ? escapeCue(segment.text) : segment.words.map((word) => (isUnsure(word) ? `<c.unsure>${escapeCue(word.text)}</c>` : escapeCue(word.text))).join(" ");
    return `${timestamp(segment.startMs)} --> ${timestamp(Math.max(segment.endMs, segment.startMs + 1))}\n${text}`;
  });
  return ["WEBVTT", ...cues].join("\n\n") + "\n";
}

/** A caption as the family's pages show it beside a recording: its words and when they are said (ms). */
export type Caption = { startMs: number; endMs: number; text: string };

const msOf = (stamp: string) => {
  const [h, m, rest] = stamp.split(":") as [string, string, string];
  return (Number(h) * 3600 + Number(m) * 60) * 1000 + Math.round(Number(rest) * 1000);
};
const CUE_TIMING = /^(\d{2,}:\d{2}:\d{2}\.\d{3}) --> (\d{2,}:\d{2}:\d{2}\.\d{3})/;

/** The captions of a WebVTT file as written by toWebVtt, back as plain text (its class spans and escapes undone). */
export function captionsOfWebVtt(vtt: string): Caption[] {
  return vtt.split(/\r?\n\r?\n/).flatMap((block) => {
    const lines = block.split(/\r?\n/);
    const at = lines.findIndex((line) => CUE_TIMING.test(line));
    if (at < 0) return [];
    const [, start, end] = lines[at]!.match(CUE_TIMING)!;
    const text = lines.slice(at + 1).join(" ").replace(/<[^>]*>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&").trim();
    return text ? [{ startMs: msOf(start!), endMs: msOf(end!), text }] : [];
  });
}

/**
 * Where a memory's transcript stands: being made, made (by the engine or by Dad), failed (the recording could not be
 * read), no engine on this server, or none (no recording, or one saved before transcripts existed).
 */
export const TRANSCRIPT_STATUSES = ["transcribing", "ready", "failed", "unavailable", "none"] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

export type TranscriptView = {
  status: TranscriptStatus;
  /** 'pocketsphinx', 'ai:<model>' (a provider), or 'dad' once he wrote or corrected it. */
  engine: string | null;
  language: string | null;
  segments: TranscriptSegment[];
  /** A signed link to the WebVTT captions, once there is a transcript. */
  captionsUrl: string | null;
  /** Why there is none, when making it failed (the recording unreadable, the transcription service unreachable). */
  reason: string | null;
};

export const TRANSCRIPT_COPY = {
  heading: "Transcript",
  transcribing: "Transcribing…",
  unavailable: "No transcript: engine not installed",
  failed: "No transcript: this recording could not be read",
  failedBecause: (reason: string) => `No transcript. ${reason}`,
  none: "No transcript yet",
  unsure: "unsure",
  edit: "Edit transcript",
  write: "Write the transcript",
  field: "Transcript, one caption a line",
  save: "Save transcript",
  cancel: "Cancel",
  byDad: "Written by you",
} as const;

/** The vault's search inside the recordings (and the child's page's, inside what has opened for the child). */
export const SPOKEN_SEARCH_COPY = {
  heading: "Find a word you said",
  familyHeading: (dadName: string) => `Find a word ${dadName} said`,
  field: "Word or words",
  find: "Find",
  empty: "No recording has those words yet.",
  error: "We couldn't search the recordings.",
  retry: "Try again",
  results: "Where it was said",
  found: (count: number) => (count === 1 ? "1 place found" : `${count} places found`),
  kinds: { narration: "Narration", note: "Quick Note", video: "Video" },
} as const;

/** Dad's transcript: plain text, one caption a line. */
export const MAX_TRANSCRIPT_CHARS = 50_000;
export const editTranscriptSchema = z.object({ text: z.string().max(MAX_TRANSCRIPT_CHARS, `A transcript is at most ${MAX_TRANSCRIPT_CHARS} characters.`) });

/** A caption as stretches of text, the words that matched a search marked. */
export type HighlightedText = Array<{ text: string; match: boolean }>;
/** A spoken word found in Dad's recordings: the memory, the caption it is in (its matching words marked), and the moment it is said (ms). */
export type TranscriptHit = { memoryId: string; title: string; kind: "narration" | "note" | "video"; text: string; highlight: HighlightedText; atMs: number };

/** A recording's link that starts playing at this moment (a media fragment, which the browser seeks to once it loads). */
export const playingFrom = (url: string, atSeconds: number | undefined) => (atSeconds ? `${url}#t=${atSeconds.toFixed(1)}` : url);
export const transcriptSearchSchema = z.object({ q: z.string().trim().min(1, "Type a word to find.").max(200) });
