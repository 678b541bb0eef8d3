import { XMLParser, XMLValidator } from "fast-xml-parser";
import { READ_MINUTES } from "../../../shared/reads";
import { safeFetchText } from "./safe-fetch";

export type FeedItem = { title: string; href: string; hook: string; minutes: number };
export type Feed = { items: FeedItem[]; siteUrl: string | null };

const FEED_TTL_MS = 15 * 60 * 1000;
const OG_TTL_MS = 24 * 60 * 60 * 1000;
const OG_CACHE_MAX = 500;
const HOOK_LENGTH = 180;

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'", rsquo: "’", lsquo: "‘", ldquo: "“", rdquo: "”", mdash: "—", ndash: "–", hellip: "…" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#") && name !== "#39") return String.fromCodePoint(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });

const plain = (value: unknown) =>
  decode(String(typeof value === "object" && value !== null ? ((value as Record<string, unknown>)["#text"] ?? "") : (value ?? "")).replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

const cut = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1).replace(/\s+\S*$/, "")}…`);

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

/** Parses an RSS 2.0 feed; throws when it is not one (a malformed feed must not replace a good copy). */
export function parseRssFeed(xml: string): Feed {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`malformed feed: ${valid.err.msg}`);
  const parsed = new XMLParser({ ignoreAttributes: true, processEntities: true, htmlEntities: true }).parse(xml) as { rss?: { channel?: Record<string, unknown> } };
  const channel = parsed?.rss?.channel;
  if (!channel || typeof channel !== "object") throw new Error("not an RSS feed");
  const rawItems = channel.item === undefined ? [] : Array.isArray(channel.item) ? channel.item : [channel.item];
  const items = (rawItems as Record<string, unknown>[])
    .map((item) => ({
      title: plain(item.title),
      href: plain(item.link),
      hook: cut(plain(item.description ?? item["content:encoded"]), HOOK_LENGTH),
      minutes: READ_MINUTES,
    }))
    .filter((item) => item.title && isWebUrl(item.href));
  const siteUrl = plain(channel.link);
  return { items, siteUrl: isWebUrl(siteUrl) ? siteUrl : null };
}

/** The og:image (or twitter:image) of an HTML page, resolved against the page's URL. */
export function findPreviewImage(html: string, pageUrl: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const name = tag.match(/\b(?:property|name)\s*=\s*["']([^"']+)["']/i)?.[1]?.toLowerCase();
    if (name !== "og:image" && name !== "og:image:url" && name !== "twitter:image") continue;
    const content = tag.match(/\bcontent\s*=\s*["']([^"']+)["']/i)?.[1];
    if (!content) continue;
    try {
      const url = new URL(decode(content), pageUrl);
      if (url.protocol === "https:" || url.protocol === "http:") return url.toString();
    } catch {
      // not a URL: try the next tag
    }
  }
  return null;
}

export type ReadsFeedOptions = {
  feedUrl?: string;
  /** Which addresses the preview lookup may contact (tests allow their local server). */
  isAddressAllowed?: (address: string) => boolean;
  timeoutMs?: number;
  now?: () => number;
};

/**
 * The reads feed from the newsletter's RSS (NEWSLETTER_FEED_URL): cached 15 minutes, the last
 * good copy served while the feed fails, an empty list without a feed. Preview images are
 * looked up only on the feed's own host.
 */
export function createReadsFeed(options: ReadsFeedOptions) {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 5000;
  const feedHost = options.feedUrl ? new URL(options.feedUrl).host : null;
  let lastGood: { feed: Feed; fetchedAt: number } | null = null;
  let inFlight: Promise<Feed> | null = null;
  const ogCache = new Map<string, { image: string | null; at: number }>();

  async function refresh(feedUrl: string): Promise<Feed> {
    try {
      const response = await fetch(feedUrl, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/rss+xml, application/xml, text/xml" } });
      if (!response.ok) throw new Error(`feed answered ${response.status}`);
      const feed = parseRssFeed(await response.text());
      lastGood = { feed, fetchedAt: now() };
      return feed;
    } catch {
      // Silent by design (spec 8): serve the last good copy, or nothing.
      return lastGood?.feed ?? { items: [], siteUrl: null };
    }
  }

  return {
    async list(limit: number): Promise<Feed> {
      if (!options.feedUrl) return { items: [], siteUrl: null };
      let feed: Feed;
      if (lastGood && now() - lastGood.fetchedAt < FEED_TTL_MS) feed = lastGood.feed;
      else {
        inFlight ??= refresh(options.feedUrl).finally(() => {
          inFlight = null;
        });
        feed = await inFlight;
      }
      return { items: feed.items.slice(0, limit), siteUrl: feed.siteUrl };
    },

    /** Whether `url` may be looked up at all: http(s) on the feed's own host. */
    isAllowedArticleUrl(url: string) {
      if (!feedHost || !isWebUrl(url)) return false;
      return new URL(url).host === feedHost;
    },

    /** The article's preview image, or null when it has none or the lookup is refused or fails. */
    async previewImage(url: string): Promise<string | null> {
      if (!feedHost) return null;
      const cached = ogCache.get(url);
      if (cached && now() - cached.at < OG_TTL_MS) return cached.image;
      let image: string | null = null;
      try {
        const page = await safeFetchText(url, { allowedHost: feedHost, maxBytes: 1024 * 1024, timeoutMs, isAddressAllowed: options.isAddressAllowed });
        if (/html/i.test(page.contentType)) image = findPreviewImage(page.body, page.url);
      } catch {
        // Refused (another host, a private address, too big, too slow) or failed: no image (spec 8: silent).
      }
      if (ogCache.size >= OG_CACHE_MAX) ogCache.delete(ogCache.keys().next().value!);
      ogCache.set(url, { image, at: now() });
      return image;
    },
  };
}

export type ReadsFeed = ReturnType<typeof createReadsFeed>;
