import { createRequire } from "node:module";
import zlib from "node:zlib";

type BufferCrc32 = { unsigned: (buffer: Buffer, previous?: number) => number };

/**
 * yazl computes every entry's CRC-32 with buffer-crc32, a JavaScript loop (measured here at about a
 * tenth of the speed of zlib's C code, and the bottleneck of a large archive). Node's zlib.crc32
 * (Node ≥ 20.15) gives the same standard CRC-32 with the same continuation value, so yazl's copy of
 * buffer-crc32 is pointed at it. The archive tests check every entry's CRC with yauzl and `unzip -t`.
 */
export function useNativeCrc32ForYazl() {
  if (typeof zlib.crc32 !== "function") return;
  const fromYazl = createRequire(createRequire(import.meta.url).resolve("yazl"));
  const crc32 = fromYazl("buffer-crc32") as BufferCrc32;
  crc32.unsigned = (buffer, previous) => zlib.crc32(buffer, previous ?? 0);
}
