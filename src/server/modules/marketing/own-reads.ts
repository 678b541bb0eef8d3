import fs from "node:fs";
import path from "node:path";
import { type OwnRead, ownReadMeta, parseOwnRead } from "../../../shared/reads-markdown";

/** Where the product's own reads are written (Markdown with front matter, one file per read). */
export const OWN_READS_DIR = "content/reads";
/** Where `npm run build:reads` puts them as data the web app and the server import. */
export const OWN_READS_OUTPUT_DIR = "src/shared/reads-content";

/** Every read in `dir`, newest first; throws when one is malformed or two share a slug or a title. */
export function loadOwnReads(dir: string = OWN_READS_DIR): OwnRead[] {
  const reads = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => parseOwnRead(name, fs.readFileSync(path.join(dir, name), "utf8")));
  for (const key of ["slug", "title"] as const) {
    const seen = new Set<string>();
    for (const read of reads) {
      if (seen.has(read[key].toLowerCase())) throw new Error(`two reads share the ${key} '${read[key]}'`);
      seen.add(read[key].toLowerCase());
    }
  }
  return reads.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** The generated files, by path under OWN_READS_OUTPUT_DIR: the list (no bodies) and one body per read. */
export function ownReadsFiles(reads: readonly OwnRead[]): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    "index.json": json(reads.map(ownReadMeta)),
    ...Object.fromEntries(reads.map((read) => [`articles/${read.slug}.json`, json(read.blocks)])),
  };
}
