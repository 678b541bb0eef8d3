import { createHash, randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { Sha256Counter } from "./export.sha256";

/** A reader that takes its time, so the worker's queue and the ZIP's backpressure both come into play. */
const slowSink = (chunks: Buffer[]) =>
  new Writable({ highWaterMark: 64 * 1024, write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk), setImmediate(done)) });

describe("SHA-256 on the worker thread", () => {
  it("passes every byte on unchanged and gives the same digest as node:crypto, for several entries at once", async () => {
    const inputs = [randomBytes(20 * 1024 * 1024 + 17), randomBytes(3), Buffer.alloc(0), randomBytes(1024 * 1024)];
    const results = await Promise.all(
      inputs.map(async (input) => {
        const counter = new Sha256Counter();
        const chunks: Buffer[] = [];
        // 64 KiB chunks, as a file read from storage arrives.
        const pieces = Array.from({ length: Math.ceil(input.length / 65536) }, (_, i) => input.subarray(i * 65536, (i + 1) * 65536));
        await pipeline(Readable.from(pieces), counter, slowSink(chunks));
        return { counter, out: Buffer.concat(chunks) };
      }),
    );
    for (const [i, input] of inputs.entries()) {
      expect(results[i]!.out.equals(input)).toBe(true);
      expect(results[i]!.counter.bytes).toBe(input.length);
      expect(results[i]!.counter.sha256).toBe(createHash("sha256").update(input).digest("hex"));
    }
  }, 60_000);

  it("a stream destroyed half-way fails, and the next one still hashes", async () => {
    const counter = new Sha256Counter();
    const source = new Readable({ read() {} });
    const done = pipeline(source, counter, slowSink([]));
    source.push(randomBytes(1024));
    source.destroy(new Error("cut short"));
    await expect(done).rejects.toThrow("cut short");
    const next = new Sha256Counter();
    await pipeline(Readable.from([Buffer.from("abc")]), next, slowSink([]));
    expect(next.sha256).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
