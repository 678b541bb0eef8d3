import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver, { type KoaMiddleware } from "@20minutes/s3rver";

/**
 * An S3-compatible server on loopback (port 0, files in a temporary directory) for one test file,
 * with the two multipart calls @20minutes/s3rver 4.0.4 lacks and @tus/s3-store needs: ListParts
 * (GET /bucket/key?uploadId=…) and AbortMultipartUpload (DELETE /bucket/key?uploadId=…), which
 * its router answers with 405 MethodNotAllowed. They read and remove the parts s3rver itself
 * keeps (one file per part number, its MD5 beside it) and are served without a signature check.
 * Every other request has its SigV4 signature checked.
 */
export async function startS3rver(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.splice(server.middleware.length - 1, 0, bucketPathSignedWithSlash, multipartUploadCalls(server));
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The SDK sends and signs a bucket-level request (DeleteObjects: POST /bucket/?delete) over
 * "/bucket/", which real S3 accepts, while s3rver checks the signature over "/bucket". Its
 * virtual-host branch builds "/" + bucket + mountPath, so with mountPath "/" it checks "/bucket/".
 */
const bucketPathSignedWithSlash: KoaMiddleware = async (ctx, next) => {
  if (/^\/[^/]+\/$/.test(ctx.path)) {
    ctx.state.vhost = true;
    ctx.mountPath = "/";
  }
  await next();
};

function multipartUploadCalls(server: S3rver): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket = "", ...key] = ctx.path.split("/");
    const listParts = ctx.method === "GET" && !("partNumber" in ctx.query);
    if (typeof uploadId !== "string" || key.length === 0 || !(listParts || ctx.method === "DELETE")) return next();
    const partsDir = path.join(server.store.getResourcePath(bucket, undefined, "uploads"), uploadId);
    if (!/^[0-9a-f]+$/.test(uploadId) || !fs.existsSync(partsDir)) {
      ctx.status = 404;
      ctx.body = { Error: { Code: "NoSuchUpload", Message: "The specified upload does not exist.", UploadId: uploadId } };
      return;
    }
    if (ctx.method === "DELETE") {
      await fs.promises.rm(partsDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = fs.readdirSync(partsDir).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    const Part = numbers.map((number) => {
      const file = path.join(partsDir, String(number));
      const stat = fs.statSync(file);
      return { PartNumber: number, ETag: `"${fs.readFileSync(`${file}.md5`, "utf8")}"`, Size: stat.size, LastModified: stat.mtime.toISOString() };
    });
    ctx.body = { ListPartsResult: { Bucket: bucket, Key: decodeURIComponent(key.join("/")), UploadId: uploadId, IsTruncated: false, Part } };
  };
}
