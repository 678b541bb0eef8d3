import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OWN_READS, ownReadForPath } from "../../../shared/own-reads";
import { countWords, parseFrontMatter, parseInline, parseMarkdown, parseOwnRead, readingMinutes } from "../../../shared/reads-markdown";
import { loadOwnReads, OWN_READS_OUTPUT_DIR, ownReadsFiles } from "./own-reads";

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
function readsDir(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-reads-"));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}
const read = (slug: string, fields: Partial<Record<"title" | "hook" | "date" | "image", string>> = {}, body = "Some words here.") =>
  [
    "---",
    `title: ${fields.title ?? `A read called ${slug}`}`,
    `slug: ${slug}`,
    `hook: ${fields.hook ?? "A short hook."}`,
    `date: ${fields.date ?? "2026-10-01"}`,
    `image: ${fields.image ?? `/reads/${slug}.svg`}`,
    "---",
    "",
    body,
  ].join("\n");

describe("the product's own reads (content/reads)", () => {
  const reads = loadOwnReads();

  it("has at least 12 reads, each about 3 minutes, with every front matter field and its own local image", () => {
    expect(reads.length).toBeGreaterThanOrEqual(12);
    for (const each of reads) {
      expect(each.title.length, each.slug).toBeGreaterThan(5);
      expect(each.hook.length, each.slug).toBeGreaterThan(40);
      expect(each.words, each.slug).toBeGreaterThanOrEqual(500);
      expect(each.words, each.slug).toBeLessThanOrEqual(650);
      expect(each.minutes, each.slug).toBe(3);
      expect(fs.existsSync(path.join("src/web/public", each.image)), each.image).toBe(true);
      expect(each.blocks.length, each.slug).toBeGreaterThan(5);
    }
  });

  it("gives every read a unique slug and title, newest first", () => {
    expect(new Set(reads.map((each) => each.slug)).size).toBe(reads.length);
    expect(new Set(reads.map((each) => each.title)).size).toBe(reads.length);
    expect(reads.map((each) => each.date)).toEqual([...reads.map((each) => each.date)].sort().reverse());
  });

  it("ships the generated JSON that matches the Markdown (run `npm run build:reads` after editing a read)", () => {
    for (const [name, text] of Object.entries(ownReadsFiles(reads))) {
      expect(fs.readFileSync(path.join(OWN_READS_OUTPUT_DIR, name), "utf8"), name).toBe(text);
    }
    expect(OWN_READS.map((each) => each.slug)).toEqual(reads.map((each) => each.slug));
    expect(fs.readdirSync(path.join(OWN_READS_OUTPUT_DIR, "articles"))).toHaveLength(reads.length);
  });

  it("finds a read by its /blog/{slug} path only", () => {
    expect(ownReadForPath(`/blog/${reads[0]!.slug}`)?.title).toBe(reads[0]!.title);
    expect(ownReadForPath(`/blog/${reads[0]!.slug}/`)?.slug).toBe(reads[0]!.slug);
    for (const other of ["/blog", "/blog/", "/blog/nope", "/blog/../etc/passwd", `/x/blog/${reads[0]!.slug}`]) expect(ownReadForPath(other), other).toBeUndefined();
  });
});

describe("loading reads", () => {
  it("refuses two reads with the same slug or title", () => {
    expect(() => loadOwnReads(readsDir({ "one.md": read("one", { title: "Same" }), "two.md": read("two", { title: "same" }) }))).toThrow(/share the title/);
    expect(() => loadOwnReads(readsDir({ "one.md": read("one"), "two.md": read("one") }))).toThrow(/differs from the file name/);
  });

  it("says which field is missing or wrong", () => {
    expect(() => parseOwnRead("a.md", "no front matter")).toThrow(/missing front matter/);
    expect(() => parseOwnRead("a.md", read("a").replace(/^title: .*$/m, ""))).toThrow(/a.md: front matter has no title/);
    expect(() => parseOwnRead("a.md", read("a", { date: "next week" }))).toThrow(/date/);
    expect(() => parseOwnRead("a.md", read("a", { image: "https://cdn.example.com/a.png" }))).toThrow(/local \/reads\/ file/);
    expect(() => parseOwnRead("a.md", read("a", { hook: "x".repeat(201) }))).toThrow(/hook is longer/);
    expect(() => parseOwnRead("Bad Slug.md", read("Bad Slug"))).toThrow(/slug/);
  });

  it("reads quoted front matter values and leaves the body out of it", () => {
    const { data, body } = parseFrontMatter(`---\ntitle: "Dad: the sequel"\nslug: x\n---\nHello`);
    expect(data).toEqual({ title: "Dad: the sequel", slug: "x" });
    expect(body).toBe("Hello");
  });

  it("counts words (not markup) and rounds the reading time at 200 words a minute, never below 1", () => {
    expect(countWords("## A heading\n\n- one **two** - three")).toBe(5);
    expect(readingMinutes(10)).toBe(1);
    expect(readingMinutes(500)).toBe(3);
    expect(readingMinutes(650)).toBe(3);
    expect(readingMinutes(700)).toBe(4);
    expect(parseOwnRead("a.md", read("a", {}, Array.from({ length: 600 }, () => "word").join(" "))).minutes).toBe(3);
  });
});

describe("the Markdown renderer's input", () => {
  it("reads paragraphs, headings, lists and quotes", () => {
    expect(parseMarkdown("## Why\n\nOne line\nand the next.\n\n- a\n- b\n\n1. first\n2. second\n\n> said it").map((block) => block.kind)).toEqual([
      "heading",
      "paragraph",
      "list",
      "list",
      "quote",
    ]);
    expect(parseMarkdown("One line\nand the next.")).toEqual([{ kind: "paragraph", inlines: [{ kind: "text", text: "One line and the next." }] }]);
  });

  it("keeps raw HTML and unsafe links as plain text", () => {
    expect(parseInline('<img src=x onerror="alert(1)"> hi')).toEqual([{ kind: "text", text: '<img src=x onerror="alert(1)"> hi' }]);
    for (const href of ["javascript:alert(1)", "data:text/html,hi", "//evil.example", "http://plain.example"]) {
      expect(parseInline(`[click](${href})`), href).toEqual([{ kind: "text", text: `[click](${href})` }]);
    }
    expect(parseInline("[Pocket Dad](/pocket-dad) and [docs](https://example.com/a)")).toEqual([
      { kind: "link", href: "/pocket-dad", children: [{ kind: "text", text: "Pocket Dad" }] },
      { kind: "text", text: " and " },
      { kind: "link", href: "https://example.com/a", children: [{ kind: "text", text: "docs" }] },
    ]);
  });

  it("reads **strong** and *em* without eating snake_case words", () => {
    expect(parseInline("a **big** *small* _quiet_ snake_case_word")).toEqual([
      { kind: "text", text: "a " },
      { kind: "strong", children: [{ kind: "text", text: "big" }] },
      { kind: "text", text: " " },
      { kind: "em", children: [{ kind: "text", text: "small" }] },
      { kind: "text", text: " " },
      { kind: "em", children: [{ kind: "text", text: "quiet" }] },
      { kind: "text", text: " snake_case_word" },
    ]);
  });
});
