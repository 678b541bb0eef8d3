import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("uses the embedded defaults with an empty environment", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe("embedded");
    expect(config.email.transport.kind).toBe("mailbox");
    expect(config.google).toBeUndefined();
    expect(config.appUrl).toBe("http://localhost:3000");
  });

  it("respects PORT, DATA_DIR and DATABASE_URL", () => {
    const config = parseConfig({ PORT: "4100", DATA_DIR: "/tmp/heydad", DATABASE_URL: "postgres://u:p@db:5432/heydad" });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe("/tmp/heydad");
    expect(config.database).toEqual({ kind: "external", url: "postgres://u:p@db:5432/heydad" });
  });

  it("lists every problem at once", () => {
    try {
      parseConfig({ PORT: "port", GOOGLE_CLIENT_ID: "only-the-id", AUTH_SECRET: "short" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toContain("PORT");
      expect(problems).toContain("AUTH_SECRET must be at least 32 characters");
      expect(problems).toContain("GOOGLE_CLIENT_SECRET");
    }
  });

  it("refuses production without AUTH_SECRET and SMTP_URL", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET is required in production[\s\S]*SMTP_URL is required/);
  });

  it("keeps files on local disk under DATA_DIR/storage unless S3_BUCKET is set", () => {
    expect(parseConfig({ DATA_DIR: "/tmp/heydad" }).storage).toEqual({ kind: "local", root: "/tmp/heydad/storage" });
    const s3 = parseConfig({ S3_BUCKET: "dads", S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" });
    expect(s3.storage).toEqual({
      kind: "s3",
      bucket: "dads",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      linkOrigin: "http://minio:9000",
    });
    expect(parseConfig({ S3_BUCKET: "dads", S3_REGION: "eu-west-1" }).storage).toMatchObject({ credentials: undefined, linkOrigin: "https://dads.s3.eu-west-1.amazonaws.com" });
    expect(() => parseConfig({ S3_BUCKET: "dads", S3_ACCESS_KEY_ID: "id" })).toThrow(/set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });
});
