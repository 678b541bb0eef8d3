import { UPLOAD_CHUNK_BYTES, UPLOAD_RETRY_DELAYS_MS, VIDEO_COPY } from "../../shared/videos";
import { tusMetadata, tusMessageOf } from "./tus-upload";

/**
 * A camera recording uploaded while it is made, so that after Stop only the tail is left to send: one tus upload created
 * with `Upload-Defer-Length: 1`; every chunk MediaRecorder hands over (once it is in IndexedDB) is
 * sent in order with PATCH, and the last PATCH declares the length, so after Stop only the tail is
 * left. tus-js-client needs the whole source, or a stream it cannot resume after a reload, hence
 * this small client of the same protocol.
 *
 * The bytes sent are always the recording's own, from the server's offset on: after a failed
 * request it asks HEAD where to go on (retries after 0, 3, 5, 10, 20 s); after a reload,
 * `resumeLiveUpload` goes on from what IndexedDB holds.
 */
export type LiveUpload = {
  /** The upload's URL once the server created it. */
  readonly url: string | null;
  /** Appends a chunk of the recording (in order). */
  push(chunk: Blob): void;
  /** The recording stopped: no more chunks, the length goes with the tail. */
  finish(): void;
  /** Resolves with the upload id when the server has every byte; `onProgress` gets 0–100. Rejects with a message when it cannot. */
  done(onProgress: (percent: number) => void): Promise<string>;
  /** 'Retake': stops sending and terminates the upload on the server (tus DELETE). */
  terminate(): Promise<void>;
  /** Stops sending here and leaves the upload on the server, for the outbox to go on with. */
  handOver(): void;
};

const TUS_VERSION = { "Tus-Resumable": "1.0.0" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request the server refused for good (404, 413, 429…): retrying the same bytes will not help. */
class Refused extends Error {}

async function refusal(response: Response) {
  return new Refused(tusMessageOf(await response.text().catch(() => "")) || VIDEO_COPY.unexpected);
}

type State = { url: string | null; chunks: Blob[]; finished: boolean; synced: boolean };

function createLiveUpload(state: State, options: { metadata: Record<string, string>; onUrl: (url: string) => void }): LiveUpload {
  const { chunks } = state;
  let url = state.url;
  let finished = state.finished;
  /** The server's offset, as last heard (HEAD after a failure or a reload). */
  let offset = 0;
  let lengthDeclared = false;
  let synced = state.synced;
  let terminated = false;
  let failure: Error | null = null;
  let running: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const total = () => chunks.reduce((sum, chunk) => sum + chunk.size, 0);
  const complete = () => finished && lengthDeclared && offset === total();
  const notify = () => listeners.forEach((listener) => listener());

  async function create() {
    const response = await fetch("/api/uploads", { method: "POST", headers: { ...TUS_VERSION, "Upload-Defer-Length": "1", "Upload-Metadata": tusMetadata(options.metadata) } });
    const location = response.headers.get("Location");
    if (response.status !== 201 || !location) throw await refusal(response);
    url = location;
    options.onUrl(location);
  }

  async function sync(at: string) {
    const response = await fetch(at, { method: "HEAD", headers: TUS_VERSION, cache: "no-store" });
    if (response.status === 404 || response.status === 410) throw new Refused(VIDEO_COPY.unexpected);
    if (!response.ok) throw new Error(`HEAD ${response.status}`);
    offset = Number(response.headers.get("Upload-Offset"));
    lengthDeclared = response.headers.get("Upload-Length") !== null;
    synced = true;
  }

  /** Sends what the server does not have yet, one PATCH of at most 6 MiB at a time. */
  async function sendPending(at: string) {
    const size = total();
    if (offset > size) throw new Refused(VIDEO_COPY.unexpected);
    const end = Math.min(size, offset + UPLOAD_CHUNK_BYTES);
    const declare = finished && end === size && !lengthDeclared;
    const response = await fetch(at, {
      method: "PATCH",
      headers: { ...TUS_VERSION, "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset), ...(declare ? { "Upload-Length": String(size) } : {}) },
      body: new Blob(chunks).slice(offset, end),
    });
    if (response.status === 204) {
      offset = Number(response.headers.get("Upload-Offset"));
      if (declare) lengthDeclared = true;
      return;
    }
    // 409 (another offset), 423 (busy) and 5xx: ask HEAD and go on; anything else is final.
    if (response.status === 409 || response.status === 423 || response.status >= 500) throw new Error(`PATCH ${response.status}`);
    throw await refusal(response);
  }

  async function pump() {
    let attempt = 0;
    while (!terminated && !complete()) {
      try {
        if (!url) await create();
        const at = url as string;
        if (!synced) await sync(at);
        if (offset === total() && (!finished || lengthDeclared)) break; // waiting for the next chunk
        await sendPending(at);
        attempt = 0;
        notify();
      } catch (error) {
        if (error instanceof Refused || attempt >= UPLOAD_RETRY_DELAYS_MS.length) {
          failure = error instanceof Refused ? error : new Error(VIDEO_COPY.checkConnection);
          break;
        }
        await sleep(UPLOAD_RETRY_DELAYS_MS[attempt] ?? 0);
        attempt += 1;
        synced = false;
      }
    }
  }

  function kick() {
    if (running || terminated || failure instanceof Refused) return;
    failure = null;
    running = pump().finally(() => {
      running = null;
      notify();
      // A chunk that came while the last request was on its way.
      if (!failure && !complete() && (offset < total() || (finished && !lengthDeclared))) kick();
    });
  }

  kick();
  return {
    get url() {
      return url;
    },
    push(chunk) {
      if (finished || chunk.size === 0) return;
      chunks.push(chunk);
      kick();
    },
    finish() {
      finished = true;
      kick();
    },
    done(onProgress) {
      // A connection that gave up while Dad was still recording gets a new round of retries.
      kick();
      return new Promise<string>((resolve, reject) => {
        const check = () => {
          const size = total();
          onProgress(size > 0 ? Math.min(100, Math.round((offset / size) * 100)) : 0);
          if (complete() && url) resolve(url.split("/").at(-1) ?? "");
          else if (failure || terminated) reject(failure ?? new Error(VIDEO_COPY.unexpected));
          else return;
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    handOver() {
      terminated = true;
      notify();
    },
    async terminate() {
      terminated = true;
      await running;
      if (url) await fetch(url, { method: "DELETE", headers: TUS_VERSION }).catch(() => {});
      notify();
    },
  };
}

/** Starts the upload of a recording about to begin; `onUrl` keeps its URL with the draft (for a reload). */
export function startLiveUpload(input: { metadata: Record<string, string>; onUrl: (url: string) => void }) {
  return createLiveUpload({ url: null, chunks: [], finished: false, synced: true }, input);
}

/** After a reload: the recording as IndexedDB holds it, sent on from the server's offset (HEAD). */
export function resumeLiveUpload(input: { url: string; recording: Blob }) {
  return createLiveUpload({ url: input.url, chunks: [input.recording], finished: true, synced: false }, { metadata: {}, onUrl: () => {} });
}
