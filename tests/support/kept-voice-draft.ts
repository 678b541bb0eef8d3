import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { videoFrames } from "./video-probes";

/**
 * The voice recording the record screen keeps on the device while Dad records (IndexedDB `HeyDadDrafts`, the draft
 * "current"): its chunks as recorded, what he typed beside it and the size of his photo; null when none is kept.
 */
export async function keptVoiceDraft(page: Page) {
  const draft = await page.evaluate(
    () =>
      new Promise<{ chunks: string[]; unlockDate: string | null; imageBytes: number } | null>((resolve, reject) => {
        const open = indexedDB.open("HeyDadDrafts", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("voice");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("voice").objectStore("voice").get("current");
          get.onsuccess = async () => {
            open.result.close();
            const kept = get.result as { chunks: Blob[]; fields: { unlockDate?: string } | null; image: Blob | null } | undefined;
            if (!kept) return resolve(null);
            const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
            const chunks = await Promise.all(kept.chunks.map(async (chunk) => base64(new Uint8Array(await chunk.arrayBuffer()))));
            resolve({ chunks, unlockDate: kept.fields?.unlockDate ?? null, imageBytes: kept.image?.size ?? 0 });
          };
        };
      }),
  );
  return draft && { ...draft, chunks: draft.chunks.map((chunk) => Buffer.from(chunk, "base64")) };
}

/** The frames of sound ffprobe reads in a kept recording's bytes (none in a container's header alone). */
export function soundFrames(chunks: Buffer[]) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "kept-voice-"));
  try {
    const file = path.join(folder, "kept");
    fs.writeFileSync(file, Buffer.concat(chunks));
    return videoFrames(file, "a:0").count;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Waits until the device holds some of the recording's sound, as it does a moment into a real recording: Chromium's
 * first MP4 chunk is the container's header alone, and its first sound is kept about 2 s in, later on a busy machine.
 */
export async function untilSoundKept(page: Page) {
  await expect.poll(async () => soundFrames((await keptVoiceDraft(page))?.chunks ?? []), { timeout: 15_000, interval: 200 }).toBeGreaterThan(0);
}
