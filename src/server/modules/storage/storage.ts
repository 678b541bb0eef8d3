import type { Readable } from "node:stream";
import { storageErrors } from "./storage.errors";

/**
 * The private buckets (spec section 3), and 'exports' for 'Download everything' archives (kept 7
 * days). With S3 they are key prefixes inside one bucket.
 */
export const STORAGE_BUCKETS = ["images", "audio", "videos", "child-images", "exports"] as const;
export type StorageBucket = (typeof STORAGE_BUCKETS)[number];

/** Signed links are valid this long (spec section 9), unless the caller asks for less. */
export const SIGNED_URL_TTL_SECONDS = 3600;
/**
 * Links are signed as of the start of the current minute: within a minute a file always gets the
 * same link, so browsers reuse what they cached and the server signs it once. A link handed out
 * is valid for 3540–3600 s, never longer than SIGNED_URL_TTL_SECONDS.
 */
const LINK_MINUTE_MS = 60_000;
/** Links kept for the current minute; past this the cache starts over (memory stays bounded). */
const MAX_CACHED_LINKS = 20_000;

export type ObjectRef = { bucket: StorageBucket; key: string };
export type StoredObject = { body: Readable; contentType: string; size: number };
export type ListedObject = { key: string; size: number };

/** What a backend (local disk or S3) implements. Keys are already validated when a driver sees them. */
export type StorageDriver = {
  kind: "local" | "s3";
  put: (input: ObjectRef & { body: Buffer | Readable; contentType: string }) => Promise<void>;
  get: (input: ObjectRef) => Promise<StoredObject | null>;
  delete: (input: ObjectRef) => Promise<void>;
  list: (input: { bucket: StorageBucket; prefix: string }) => Promise<ListedObject[]>;
  deletePrefix: (input: { bucket: StorageBucket; prefix: string }) => Promise<void>;
  /** A link valid until `signedAt` + `ttlSeconds`; `downloadAs` makes it an attachment. Local links are signed synchronously. */
  signedUrl: (input: ObjectRef & { downloadAs?: string; signedAt: Date; ttlSeconds: number }) => string | Promise<string>;
};

// Path segments of letters, digits, dot, dash and underscore, joined by single slashes; no empty segment, and none
// starts with a dot (so no "." or ".."). One pattern over the whole key: a list page checks dozens of keys, and
// splitting each into segments first was most of what a cached link cost.
const KEY = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}(?:\/[A-Za-z0-9_][A-Za-z0-9._-]{0,199})*$/;

export function isValidKey(key: string) {
  return key.length <= 512 && KEY.test(key);
}

export function isStorageBucket(value: string): value is StorageBucket {
  return (STORAGE_BUCKETS as readonly string[]).includes(value);
}

function checkRef(input: { bucket: string; key: string }) {
  if (!isStorageBucket(input.bucket) || !isValidKey(input.key)) throw storageErrors.invalidKey();
}

function checkPrefix(input: { bucket: string; prefix: string }) {
  const trimmed = input.prefix.endsWith("/") ? input.prefix.slice(0, -1) : input.prefix;
  if (!isStorageBucket(input.bucket) || trimmed === "" || !isValidKey(trimmed)) throw storageErrors.invalidKey();
}

/** Every object of a user lives under `<userId>/` in each bucket. */
export function userPrefix(userId: string) {
  return `${userId}/`;
}

/** Keys for a user's object: `<userId>/<name>`, the name made of safe characters. */
export function userObjectKey(userId: string, name: string) {
  return `${userId}/${name}`;
}

/**
 * The storage every module uses: checks buckets and keys (no path tricks reach a driver),
 * then calls the configured driver. Objects are private; browsers only get signed links.
 */
export function createObjectStorage(driver: StorageDriver, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  let linkMinute = 0;
  // Links of the current minute: by bucket (and download name and lifetime, when asked for), then by key. A key is found
  // here only after it passed the key check, so a list page's links, signed before, are neither checked nor put together
  // again. The bucket is checked first, on every call: no unchecked bucket name reaches this map.
  let links = new Map<string, Map<string, string | Promise<string>>>();
  let linkCount = 0;

  /** The minute links are signed as of; the cache starts over when it moves on (or fills up). */
  function currentMinute() {
    const minute = Math.floor(clock().getTime() / LINK_MINUTE_MS) * LINK_MINUTE_MS;
    if (minute !== linkMinute || linkCount >= MAX_CACHED_LINKS) {
      linkMinute = minute;
      links = new Map();
      linkCount = 0;
    }
    return minute;
  }

  function signedLink(input: ObjectRef & { downloadAs?: string; ttlSeconds?: number }, minute: number) {
    if (!isStorageBucket(input.bucket)) throw storageErrors.invalidKey();
    const ttlSeconds = input.ttlSeconds ?? SIGNED_URL_TTL_SECONDS;
    const variant = input.downloadAs === undefined && ttlSeconds === SIGNED_URL_TTL_SECONDS ? input.bucket : `${input.bucket}\n${input.downloadAs ?? ""}\n${ttlSeconds}`;
    let variantLinks = links.get(variant);
    if (!variantLinks) links.set(variant, (variantLinks = new Map()));
    let link = variantLinks.get(input.key);
    if (link === undefined) {
      checkRef(input);
      link = driver.signedUrl({ bucket: input.bucket, key: input.key, downloadAs: input.downloadAs, signedAt: new Date(minute), ttlSeconds });
      variantLinks.set(input.key, link);
      linkCount++;
      const forget = variantLinks;
      if (typeof link !== "string") link.catch(() => forget.delete(input.key));
    }
    return link;
  }

  return {
    kind: driver.kind,
    /** Stores bytes (a Buffer or a stream). Check the type from the bytes first: see detectFileType. */
    async put(input: ObjectRef & { body: Buffer | Readable; contentType: string }) {
      checkRef(input);
      await driver.put(input);
    },
    async get(input: ObjectRef) {
      checkRef(input);
      return driver.get(input);
    },
    /** Deleting an object that does not exist is not an error. */
    async delete(input: ObjectRef) {
      checkRef(input);
      await driver.delete(input);
    },
    async list(input: { bucket: StorageBucket; prefix: string }) {
      checkPrefix(input);
      return driver.list(input);
    },
    async deletePrefix(input: { bucket: StorageBucket; prefix: string }) {
      checkPrefix(input);
      await driver.deletePrefix(input);
    },
    /** `ttlSeconds` (at most SIGNED_URL_TTL_SECONDS) shortens the link's life, for pages whose access can be withdrawn. */
    async signedUrl(input: ObjectRef & { downloadAs?: string; ttlSeconds?: number }) {
      return signedLink(input, currentMinute());
    },
    /** Links for many objects in one call, in their order (a list page): no promise per link when the driver signs synchronously. */
    async signedUrls(input: ObjectRef[]) {
      const minute = currentMinute();
      const signed = input.map((ref) => signedLink(ref, minute));
      return signed.every((link) => typeof link === "string") ? signed : Promise.all(signed);
    },
    /** Removes every object of a user in every bucket (account deletion). */
    async deleteUserFiles(input: { userId: string }) {
      for (const bucket of STORAGE_BUCKETS) await driver.deletePrefix({ bucket, prefix: userPrefix(input.userId) });
    },
    /** Every object of a user in every bucket. */
    async listUserFiles(input: { userId: string }) {
      const found: Array<ListedObject & { bucket: StorageBucket }> = [];
      for (const bucket of STORAGE_BUCKETS) {
        for (const object of await driver.list({ bucket, prefix: userPrefix(input.userId) })) found.push({ bucket, ...object });
      }
      return found;
    },
  };
}

export type ObjectStorage = ReturnType<typeof createObjectStorage>;

/** A Content-Disposition value; a name beyond plain ASCII also goes in UTF-8 (RFC 6266). */
export function contentDisposition(kind: "inline" | "attachment", fileName?: string) {
  if (!fileName) return kind;
  const plain = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  if (plain === fileName) return `${kind}; filename="${plain}"`;
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
