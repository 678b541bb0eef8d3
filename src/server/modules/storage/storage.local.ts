import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type ListedObject, type StorageBucket, type StorageDriver } from "./storage";

export type LocalStorageOptions = {
  /** DATA_DIR/storage: one folder per bucket, object metadata beside them in .meta/. */
  root: string;
  /** Secret for the HMAC on signed links. */
  signingKey: Buffer;
};

export type SignedFileRequest = { bucket: string; key: string; expires: string | undefined; download: string | undefined; signature: string | undefined };

/** Private files on local disk under DATA_DIR/storage, reached through HMAC-signed links the app serves. */
export function createLocalStorage(options: LocalStorageOptions) {
  const objectPath = (bucket: StorageBucket, key: string) => path.join(options.root, bucket, ...key.split("/"));
  const metaPath = (bucket: StorageBucket, key: string) => `${path.join(options.root, ".meta", bucket, ...key.split("/"))}.json`;

  // Imported once: a list page signs dozens of links per request.
  const signingKey = createSecretKey(options.signingKey);
  const sign = (input: { bucket: string; key: string; expires: string; download: string }) =>
    createHmac("sha256", signingKey).update(`${input.bucket}/${input.key}\n${input.expires}\n${input.download}`).digest("base64url");

  async function readMeta(bucket: StorageBucket, key: string) {
    try {
      return JSON.parse(await fs.promises.readFile(metaPath(bucket, key), "utf8")) as { contentType: string };
    } catch {
      return { contentType: "application/octet-stream" };
    }
  }

  async function walk(dir: string, relative: string, found: ListedObject[]) {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key, found);
      else if (entry.isFile() && !entry.name.startsWith(".upload-")) {
        // A file deleted between the folder's read and this look is simply no longer there (as with S3's listing).
        const stat = await fs.promises.stat(path.join(dir, entry.name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return null;
          throw error;
        });
        if (stat) found.push({ key, size: stat.size });
      }
    }
  }

  async function list(input: { bucket: StorageBucket; prefix: string }) {
    // Walk only the deepest folder the prefix names, then filter by the rest of it.
    const folder = input.prefix.includes("/") ? input.prefix.slice(0, input.prefix.lastIndexOf("/")) : "";
    const found: ListedObject[] = [];
    await walk(path.join(options.root, input.bucket, ...folder.split("/").filter(Boolean)), folder, found);
    return found.filter((object) => object.key.startsWith(input.prefix)).sort((a, b) => a.key.localeCompare(b.key));
  }

  /** Size and type of a stored object, and a reader for all of it or one byte range. */
  async function open(input: { bucket: StorageBucket; key: string }) {
    const file = objectPath(input.bucket, input.key);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return {
      size: stat.size,
      contentType: (await readMeta(input.bucket, input.key)).contentType,
      read: (range?: { start: number; end: number }) => fs.createReadStream(file, range),
    };
  }

  async function remove(bucket: StorageBucket, key: string) {
    await fs.promises.rm(objectPath(bucket, key), { force: true });
    await fs.promises.rm(metaPath(bucket, key), { force: true });
  }

  const driver: StorageDriver = {
    kind: "local",
    async put(input) {
      const target = objectPath(input.bucket, input.key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const temporary = path.join(path.dirname(target), `.upload-${randomUUID()}`);
      try {
        await pipeline(Buffer.isBuffer(input.body) ? Readable.from([input.body]) : input.body, fs.createWriteStream(temporary));
        await fs.promises.mkdir(path.dirname(metaPath(input.bucket, input.key)), { recursive: true });
        await fs.promises.writeFile(metaPath(input.bucket, input.key), JSON.stringify({ contentType: input.contentType }));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(input) {
      const opened = await open(input);
      return opened && { body: opened.read(), contentType: opened.contentType, size: opened.size };
    },
    delete: (input) => remove(input.bucket, input.key),
    list,
    async deletePrefix(input) {
      for (const object of await list(input)) await remove(input.bucket, object.key);
      // A prefix that names a folder (`<userId>/`) leaves no empty folder behind, here or in .meta/.
      if (input.prefix.endsWith("/")) {
        const folder = input.prefix.split("/").filter(Boolean);
        await removeEmptyFolders(path.join(options.root, input.bucket, ...folder));
        await removeEmptyFolders(path.join(options.root, ".meta", input.bucket, ...folder));
      }
    },
    signedUrl(input) {
      const expires = String(Math.floor(input.signedAt.getTime() / 1000) + input.ttlSeconds);
      const download = input.downloadAs ?? "";
      const signature = sign({ bucket: input.bucket, key: input.key, expires, download });
      // A list page signs dozens of links: the query is put together by hand. Valid keys hold only
      // URL-safe characters and the signature is base64url, so only the download name needs encoding.
      return `/files/${input.bucket}/${input.key}?expires=${expires}${download ? `&download=${encodeURIComponent(download)}` : ""}&signature=${signature}`;
    },
  };

  return {
    driver,
    open,
    /** Checks a signed link: true only for an untampered link that has not expired. */
    verify(request: SignedFileRequest) {
      if (!request.expires || !request.signature || !/^\d{1,12}$/.test(request.expires)) return false;
      if (Number(request.expires) * 1000 < Date.now()) return false;
      const expected = Buffer.from(sign({ bucket: request.bucket, key: request.key, expires: request.expires, download: request.download ?? "" }));
      const given = Buffer.from(request.signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;

/** Removes `dir` and the folders under it when they hold no file; true when `dir` is gone. */
async function removeEmptyFolders(dir: string): Promise<boolean> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return true;
  }
  let empty = true;
  for (const entry of entries) {
    if (!entry.isDirectory() || !(await removeEmptyFolders(path.join(dir, entry.name)))) empty = false;
  }
  if (!empty) return false;
  // A file written meanwhile keeps the folder.
  return fs.promises.rmdir(dir).then(() => true, () => false);
}
