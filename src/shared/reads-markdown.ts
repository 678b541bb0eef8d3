/**
 * The product's own reads: Markdown files with front matter in content/reads,
 * parsed here into plain data (no HTML), so the web app renders them as React elements and
 * nothing in an article can inject markup.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "em" | "strong"; children: Inline[] }
  | { kind: "link"; href: string; children: Inline[] };

export type Block =
  | { kind: "paragraph" | "quote"; inlines: Inline[] }
  | { kind: "heading"; level: 2 | 3; inlines: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] };

/** What a card and an article's head need: title, hook, date, image and reading time. */
export type OwnReadMeta = { slug: string; title: string; hook: string; date: string; image: string; minutes: number; words: number };
export type OwnRead = OwnReadMeta & { blocks: Block[] };

/** Words a minute for the reading time (a relaxed adult pace). */
export const WORDS_PER_MINUTE = 200;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HOOK_MAX = 200;

export const countWords = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
export const readingMinutes = (words: number) => Math.max(1, Math.round(words / WORDS_PER_MINUTE));

/** `---`-fenced `key: value` lines (values may be quoted), then the body. */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source.replace(/^\uFEFF/, ""));
  if (!match) throw new Error("missing front matter");
  const data: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const pair = /^([a-zA-Z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`front matter line is not 'key: value': ${line}`);
    const raw = pair[2]!.trim();
    data[pair[1]!] = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return { data, body: source.slice(match[0].length + (source.startsWith("\uFEFF") ? 1 : 0)) };
}

/** Only our own pages and https links; anything else (javascript:, data:, http:) stays plain text. */
const safeHref = (href: string) => (/^\/(?!\/)[^\s]*$/.test(href) || /^https:\/\/[^\s]+$/.test(href) ? href : null);

/** **strong**, *em* or _em_, and [text](href); everything else is text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = out.at(-1);
    if (last?.kind === "text") last.text += value;
    else out.push({ kind: "text", text: value });
  };
  let rest = text;
  const pattern = /\*\*(.+?)\*\*|\*(?!\s)(.+?)\*|(?<![\p{L}\p{N}])_(?!\s)(.+?)_(?![\p{L}\p{N}])|\[([^\]]+)\]\(([^)\s]+)\)/u;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    pushText(rest.slice(0, match.index));
    const [whole, strong, star, underscore, label, href] = match;
    if (strong !== undefined) out.push({ kind: "strong", children: parseInline(strong) });
    else if (star !== undefined || underscore !== undefined) out.push({ kind: "em", children: parseInline((star ?? underscore)!) });
    else {
      const safe = safeHref(href!);
      if (safe) out.push({ kind: "link", href: safe, children: parseInline(label!) });
      else pushText(whole);
    }
    rest = rest.slice(match.index + whole.length);
  }
  pushText(rest);
  return out;
}

/** Paragraphs, ## and ### headings, - and 1. lists, > quotes. Other syntax is read as text. */
export function parseMarkdown(body: string): Block[] {
  const blocks: Block[] = [];
  const chunks = body.replace(/\r\n/g, "\n").split(/\n\s*\n/);
  for (const chunk of chunks) {
    const lines = chunk.split("\n").map((line) => line.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    const heading = /^(#{2,3})\s+(.+)$/.exec(lines[0]!);
    if (heading && lines.length === 1) {
      blocks.push({ kind: "heading", level: heading[1]!.length as 2 | 3, inlines: parseInline(heading[2]!) });
    } else if (lines.every((line) => /^[-*]\s+/.test(line)) || lines.every((line) => /^\d+\.\s+/.test(line))) {
      const ordered = /^\d+\./.test(lines[0]!);
      blocks.push({ kind: "list", ordered, items: lines.map((line) => parseInline(line.replace(/^(?:[-*]|\d+\.)\s+/, ""))) });
    } else if (lines.every((line) => line.startsWith(">"))) {
      blocks.push({ kind: "quote", inlines: parseInline(lines.map((line) => line.replace(/^>\s?/, "")).join(" ")) });
    } else {
      blocks.push({ kind: "paragraph", inlines: parseInline(lines.join(" ")) });
    }
  }
  return blocks;
}

/** One read from its file name (`<slug>.md`) and text; throws with the reason when a field is missing or wrong. */
export function parseOwnRead(fileName: string, source: string): OwnRead {
  const { data, body } = parseFrontMatter(source);
  const fail = (reason: string): never => {
    throw new Error(`${fileName}: ${reason}`);
  };
  const field = (name: string) => data[name]?.trim() || fail(`front matter has no ${name}`);
  const slug = field("slug");
  if (!SLUG.test(slug)) fail(`slug '${slug}' is not lower-case words joined by hyphens`);
  if (fileName.replace(/\.md$/, "") !== slug) fail(`slug '${slug}' differs from the file name`);
  const date = field("date");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) fail(`date '${date}' is not YYYY-MM-DD`);
  const image = field("image");
  if (!/^\/reads\/[a-z0-9-]+\.(svg|png|jpg|webp)$/.test(image)) fail(`image '${image}' is not a local /reads/ file`);
  const hook = field("hook");
  if (hook.length > HOOK_MAX) fail(`hook is longer than ${HOOK_MAX} characters`);
  const words = countWords(body.replace(/\[([^\]]+)\]\([^)]*\)/g, "$1"));
  return { slug, title: field("title"), hook, date, image, minutes: readingMinutes(words), words, blocks: parseMarkdown(body) };
}

export const ownReadMeta = ({ blocks: _blocks, ...meta }: OwnRead): OwnReadMeta => meta;

/** A card in a reads list: the newsletter's items and the product's own reads share this shape. */
export type ReadItem = { title: string; href: string; hook: string; minutes: number; image?: string };

export const ownReadHref = (slug: string) => `/blog/${slug}`;
export const ownReadItem = (read: OwnReadMeta): ReadItem => ({ title: read.title, href: ownReadHref(read.slug), hook: read.hook, minutes: read.minutes, image: read.image });

/** The newsletter's items first, then the product's own reads fill the list up to `limit`. */
export function mergeReads(feedItems: readonly ReadItem[], ownReads: readonly ReadItem[], limit: number): ReadItem[] {
  const seen = new Set<string>();
  return [...feedItems, ...ownReads].filter((item) => !seen.has(item.href) && seen.add(item.href)).slice(0, limit);
}
