import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArchiveFile, checkFiles, createFamily, readZip } from "../../../../tests/support/archives";
import { startS3rver } from "../../../../tests/support/s3-server";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { archiveManifestSchema } from "../../../shared/export";

const BUCKET = "heydad-export-test";
let t: TestApp;
let closeS3rver: () => Promise<void>;

beforeAll(async () => {
  const server = await startS3rver(BUCKET);
  closeS3rver = server.close;
  t = await createTestApp({ S3_BUCKET: BUCKET, S3_ENDPOINT: server.endpoint, S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });
}, 60_000);
afterAll(async () => {
  await closeS3rver();
});

describe("'Download everything' on S3", () => {
  it("streams from S3 to S3 (a multipart upload of unknown length); every hash and CRC checks out", async () => {
    expect(t.services.storage.kind).toBe("s3");
    const family = await createFamily(t);
    const { id, file } = await buildArchiveFile(t, family.dad.id);
    expect(execFileSync("unzip", ["-tq", file]).toString()).toContain("No errors detected");
    const entries = await readZip(file);
    const manifest = archiveManifestSchema.parse(JSON.parse(entries.get("memories.json")!.toString("utf8")));
    expect(manifest.memories).toHaveLength(4);
    expect(checkFiles(manifest, entries).every((f) => f.status === "stored")).toBe(true);
    const link = await t.services.export.downloadLink({ userId: family.dad.id, id });
    expect(link).toContain(BUCKET);
  }, 180_000);
});
