import type { Readable } from "node:stream";
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { contentDisposition, type ListedObject, type StorageBucket, type StorageDriver } from "./storage";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Private objects in one S3-compatible bucket; our buckets are key prefixes in it. Links are presigned. */
export function createS3Storage(options: S3StorageOptions): StorageDriver & { client: S3Client } {
  const client = new S3Client({ region: options.region, endpoint: options.endpoint, forcePathStyle: options.forcePathStyle, credentials: options.credentials });
  const Bucket = options.bucket;
  const objectKey = (bucket: StorageBucket, key: string) => `${bucket}/${key}`;

  async function list(input: { bucket: StorageBucket; prefix: string }) {
    const found: ListedObject[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: objectKey(input.bucket, input.prefix), ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key) found.push({ key: object.Key.slice(input.bucket.length + 1), size: object.Size ?? 0 });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  return {
    kind: "s3",
    client,
    async put(input) {
      const params = { Bucket, Key: objectKey(input.bucket, input.key), ContentType: input.contentType };
      // A Buffer goes in one request; a stream of unknown length as a multipart upload.
      if (Buffer.isBuffer(input.body)) await client.send(new PutObjectCommand({ ...params, Body: input.body }));
      else await new Upload({ client, params: { ...params, Body: input.body } }).done();
    },
    async get(input) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(input.bucket, input.key) }));
        return { body: response.Body as Readable, contentType: response.ContentType ?? "application/octet-stream", size: response.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(input) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(input.bucket, input.key) }));
    },
    list,
    async deletePrefix(input) {
      const keys = (await list(input)).map((object) => ({ Key: objectKey(input.bucket, object.key) }));
      for (let start = 0; start < keys.length; start += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(start, start + 1000), Quiet: true } }));
      }
    },
    signedUrl: (input) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: objectKey(input.bucket, input.key),
          ResponseContentDisposition: input.downloadAs ? contentDisposition("attachment", input.downloadAs) : undefined,
        }),
        { expiresIn: input.ttlSeconds, signingDate: input.signedAt },
      ),
  };
}
