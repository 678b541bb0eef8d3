import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { type DataStore, ERRORS, type Locker, MemoryLocker } from "@tus/server";
import { MAX_VIDEO_BYTES, UPLOAD_CHUNK_BYTES } from "../../../shared/videos";
import type { Config } from "../../config";
import { createFilePatcher } from "./uploads.file-patch";

/** S3 keys of uploads in progress start with this, apart from the finished files (videos/, images/, …). */
export const S3_UPLOAD_PREFIX = "uploads/";

/** Where tus keeps upload bytes, and how the processing job reads and drops them. */
export type UploadsDatastore = {
  store: DataStore;
  /** A faster tus PATCH than @tus/server's, where there is one (local disk). */
  patch?: ReturnType<typeof createFilePatcher>;
  /** The upload locks shared by `patch` and @tus/server's handlers (HEAD waits for a PATCH still writing); @tus/server's own when absent. */
  locker?: Locker;
  /** The finished upload as a file on this machine (null when its bytes are gone); release() drops any copy made. */
  localCopy(id: string): Promise<{ path: string; release: () => Promise<void> } | null>;
  /** The finished upload's size and a reader of all of it or one byte range (null when its bytes are gone): Dad plays his original from it. */
  open(id: string): Promise<UploadedFile | null>;
  /** Removes the upload's bytes and metadata; a missing upload is not an error. */
  remove(id: string): Promise<void>;
};

export type ByteRange = { start: number; end: number };
export type UploadedFile = { size: number; read: (range?: ByteRange) => Promise<Readable> };

/**
 * Local disk by default; the configured S3 bucket when there is one (app nodes then share uploads).
 * `maxSizeBytes` caps an upload whose size is deferred (a recording uploaded while it is made).
 */
export function createUploadsDatastore(options: { storage: Config["storage"]; dir: string; maxSizeBytes?: number }): UploadsDatastore {
  return options.storage.kind === "s3" ? createS3Datastore(options.storage) : createFileDatastore(options.dir, options.maxSizeBytes ?? MAX_VIDEO_BYTES);
}

function createFileDatastore(dir: string, maxSizeBytes: number): UploadsDatastore {
  const store = new FileStore({ directory: dir });
  const filePath = (id: string) => path.join(dir, id);
  const locker = new MemoryLocker();
  return {
    store,
    locker,
    patch: createFilePatcher({ filePath, store, locker, maxSizeBytes }),
    async localCopy(id) {
      return fs.existsSync(filePath(id)) ? { path: filePath(id), release: async () => {} } : null;
    },
    async open(id) {
      const stat = await fs.promises.stat(filePath(id)).catch(() => null);
      return stat?.isFile() ? { size: stat.size, read: async (range) => fs.createReadStream(filePath(id), range) } : null;
    },
    async remove(id) {
      await store.remove(id).catch(() => {});
      await fs.promises.rm(`${filePath(id)}.json`, { force: true });
    },
  };
}

/**
 * @tus/s3-store with every key under S3_UPLOAD_PREFIX: `<id>.info` (the upload's metadata), the
 * multipart upload that becomes `<id>` when complete, and `<id>.part` (bytes short of a part).
 * One part per browser chunk (6 MiB, over S3's 5 MiB minimum); 10 GB needs about 1,700 of the 10,000 parts.
 */
class PrefixedS3Store extends S3Store {
  constructor(storage: Extract<Config["storage"], { kind: "s3" }>) {
    super({
      partSize: UPLOAD_CHUNK_BYTES,
      s3ClientConfig: {
        bucket: storage.bucket,
        region: storage.region,
        endpoint: storage.endpoint,
        forcePathStyle: storage.forcePathStyle,
        credentials: storage.credentials,
        // Parts are streamed from disk: with the SDK's default (checksums WHEN_SUPPORTED) they go as
        // aws-chunked bodies with a trailing CRC32, which S3-compatible servers such as s3rver refuse.
        requestChecksumCalculation: "WHEN_REQUIRED",
      },
    });
    // S3Store has no key prefix option: add it to every request its client sends.
    this.client.middlewareStack.add(
      (next) => (args) => {
        const input = args.input as { Key?: string; Delete?: { Objects?: Array<{ Key?: string }> } };
        if (input.Key !== undefined) input.Key = S3_UPLOAD_PREFIX + input.Key;
        for (const object of input.Delete?.Objects ?? []) object.Key = S3_UPLOAD_PREFIX + object.Key;
        return next(args);
      },
      { step: "initialize", name: "heyDadUploadKeyPrefix" },
    );
  }

  /** The finished object (`<id>`), read whole or by range straight from the bucket. */
  async open(id: string): Promise<UploadedFile | null> {
    const head = await this.client.headObject({ Bucket: this.bucket, Key: id }).catch((error: { name?: string }) => {
      if (error.name === "NotFound" || error.name === "NoSuchKey") return null;
      throw error;
    });
    if (!head) return null;
    return {
      size: head.ContentLength ?? 0,
      read: async (range) => (await this.client.getObject({ Bucket: this.bucket, Key: id, Range: range ? `bytes=${range.start}-${range.end}` : undefined })).Body as Readable,
    };
  }

  /**
   * S3Store.remove aborts the multipart upload and deletes `<id>` and `<id>.info`, but stops at the
   * abort when the upload is already complete (NoSuchUpload) and never deletes `<id>.part`: delete all three.
   */
  override async remove(id: string) {
    await super.remove(id).catch((error: unknown) => {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    });
    await this.clearCache(id);
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true } });
  }
}

function createS3Datastore(storage: Extract<Config["storage"], { kind: "s3" }>): UploadsDatastore {
  const store = new PrefixedS3Store(storage);
  return {
    store,
    /** Streams the finished object to a temporary file (never whole into memory). */
    async localCopy(id) {
      const body = await store.read(id).catch((error: { name?: string }) => {
        if (error.name === "NoSuchKey") return null;
        throw error;
      });
      if (!body) return null;
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "heydad-upload-"));
      const release = () => fs.promises.rm(dir, { recursive: true, force: true });
      const file = path.join(dir, id);
      try {
        await pipeline(body as Readable, fs.createWriteStream(file));
      } catch (error) {
        await release();
        throw error;
      }
      return { path: file, release };
    },
    open: (id) => store.open(id),
    remove: (id) => store.remove(id),
  };
}
