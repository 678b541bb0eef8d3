import { Transform, type TransformCallback } from "node:stream";
import { Worker } from "node:worker_threads";

/**
 * SHA-256 of archive entries, computed on a worker thread while the main thread streams the same
 * bytes into the ZIP (one read of each file, two cores). Measured with `BENCH_ONLY=archive npm run
 * bench`: hashing on the main thread was the largest cost after reading and writing. The worker is
 * plain CommonJS passed as source, so it needs no file of its own in the server bundle.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const hashes = new Map();
parentPort.on("message", (message) => {
  if (message.chunk) {
    let hash = hashes.get(message.id);
    if (!hash) hashes.set(message.id, (hash = createHash("sha256")));
    hash.update(new Uint8Array(message.chunk));
    parentPort.postMessage({ id: message.id, hashed: message.chunk.byteLength });
  } else if (message.end) {
    const hash = hashes.get(message.id) || createHash("sha256");
    hashes.delete(message.id);
    parentPort.postMessage({ id: message.id, digest: hash.digest("hex") });
  } else hashes.delete(message.id);
});
`;

/** At most this much of one entry waits to be hashed; then reading pauses until the worker catches up. */
const MAX_WAITING_BYTES = 8 * 1024 * 1024;

type Listener = { hashed: (bytes: number) => void; digest: (hex: string) => void; fail: (error: Error) => void };

let shared: { worker: Worker; listeners: Map<number, Listener> } | null = null;
let nextId = 0;

/** One worker for the process, started on first use; it does not keep the process alive. */
function hashWorker() {
  if (shared) return shared;
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.unref();
  const listeners = new Map<number, Listener>();
  const current = { worker, listeners };
  worker.on("message", (message: { id: number; hashed?: number; digest?: string }) => {
    const listener = listeners.get(message.id);
    if (message.digest !== undefined) {
      listeners.delete(message.id);
      listener?.digest(message.digest);
    } else listener?.hashed(message.hashed ?? 0);
  });
  const fail = (error: Error) => {
    if (shared === current) shared = null;
    for (const listener of listeners.values()) listener.fail(error);
    listeners.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the hashing worker stopped (exit code ${code})`)));
  shared = current;
  return current;
}

/**
 * Passes every chunk on unchanged, counts the bytes, and has the worker hash a copy; `sha256` is set
 * once the stream has finished. Backpressure holds both ways: the reader waits for the ZIP, and
 * for the worker when more than 8 MiB is waiting to be hashed.
 */
export class Sha256Counter extends Transform {
  bytes = 0;
  sha256: string | null = null;
  private readonly id = nextId++;
  private readonly worker = hashWorker();
  private pendingBytes = 0;
  private continueWriting: (() => void) | null = null;
  private onDigest: ((error?: Error) => void) | null = null;
  private hashFailure: Error | null = null;

  constructor() {
    super({ highWaterMark: 1024 * 1024 });
    this.worker.listeners.set(this.id, {
      hashed: (bytes) => {
        this.pendingBytes -= bytes;
        if (this.pendingBytes <= MAX_WAITING_BYTES && this.continueWriting) {
          const continueWriting = this.continueWriting;
          this.continueWriting = null;
          continueWriting();
        }
      },
      digest: (hex) => {
        this.sha256 = hex;
        this.onDigest?.();
      },
      fail: (error) => {
        this.hashFailure = error;
        this.destroy(error);
      },
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.hashFailure) return done(this.hashFailure);
    // A copy of exactly this chunk, handed over (not cloned again) to the worker.
    const copy = new Uint8Array(chunk);
    this.worker.worker.postMessage({ id: this.id, chunk: copy.buffer }, [copy.buffer]);
    this.bytes += chunk.length;
    this.pendingBytes += chunk.length;
    this.push(chunk);
    if (this.pendingBytes > MAX_WAITING_BYTES) this.continueWriting = () => done();
    else done();
  }

  override _flush(done: TransformCallback) {
    if (this.hashFailure) return done(this.hashFailure);
    this.onDigest = (error) => done(error);
    this.worker.worker.postMessage({ id: this.id, end: true });
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    if (this.sha256 === null && this.worker.listeners.delete(this.id)) this.worker.worker.postMessage({ id: this.id, drop: true });
    done(error);
  }
}
