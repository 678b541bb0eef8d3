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

  it("keeps the production waits unless the timing variables are set, and refuses a bad one", () => {
    const defaults = parseConfig({});
    expect(defaults.jobTiming).toEqual({ retryDelaySeconds: undefined, scheduleCheckSeconds: undefined, leaseSeconds: undefined, pollSeconds: undefined });
    expect(defaults.database).toMatchObject({ kind: "embedded", restartDelaysMs: undefined });
    const short = parseConfig({ JOB_RETRY_DELAY_SECONDS: "1", SCHEDULE_CHECK_SECONDS: "1", JOB_LEASE_SECONDS: "4", JOB_POLL_SECONDS: "0.5", EMBEDDED_POSTGRES_RESTART_DELAYS_MS: "100,250" });
    expect(short.jobTiming).toEqual({ retryDelaySeconds: 1, scheduleCheckSeconds: 1, leaseSeconds: 4, pollSeconds: 0.5 });
    expect(short.database).toMatchObject({ restartDelaysMs: [100, 250] });
    expect(() => parseConfig({ SCHEDULE_CHECK_SECONDS: "60", JOB_POLL_SECONDS: "0", EMBEDDED_POSTGRES_RESTART_DELAYS_MS: "soon" })).toThrow(
      /SCHEDULE_CHECK_SECONDS must be 1 to 45[\s\S]*JOB_POLL_SECONDS must be 0.1 to 60[\s\S]*EMBEDDED_POSTGRES_RESTART_DELAYS_MS must be milliseconds/,
    );
  });

  it("runs every role unless APP_ROLE says web or worker, and refuses any other value in every environment", () => {
    expect(parseConfig({}).role).toEqual({ name: "all", servesApp: true, takes: { light: true, heavy: true } });
    expect(parseConfig({ APP_ROLE: "web" }).role).toEqual({ name: "web", servesApp: true, takes: { light: true, heavy: false } });
    expect(parseConfig({ APP_ROLE: "worker" }).role).toEqual({ name: "worker", servesApp: false, takes: { light: false, heavy: true } });
    const production = { NODE_ENV: "production", AUTH_SECRET: "a".repeat(32), SMTP_URL: "smtp://mail:587", PAYMENTS: "test" };
    expect(parseConfig({ ...production, APP_ROLE: "worker" }).role.name).toBe("worker");
    for (const env of [{ APP_ROLE: "workers" }, { ...production, APP_ROLE: "media" }]) {
      expect(() => parseConfig(env)).toThrow(/APP_ROLE: APP_ROLE must be web, worker or all/);
    }
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

  it("refuses production with no Stripe keys instead of opening the test checkout (decisions 2.21)", () => {
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), SMTP_URL: "smtp://mail:25" };
    expect(() => parseConfig(production)).toThrow(/payments are not configured[\s\S]*PAYMENTS=test/);
    const stripe = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PRICE_MONTHLY: "price_m", STRIPE_PRICE_ANNUAL: "price_a" };
    expect(parseConfig({ ...production, ...stripe })).toMatchObject({ payments: { mode: "stripe", testModeBanner: false } });
    expect(parseConfig({ ...production, PAYMENTS: "test" })).toMatchObject({ stripe: undefined, payments: { mode: "test", testModeBanner: true } });
    expect(() => parseConfig({ ...production, ...stripe, PAYMENTS: "test" })).toThrow(/PAYMENTS=test.*Stripe/);
    expect(() => parseConfig({ PAYMENTS: "free" })).toThrow(/PAYMENTS/);
    // Development keeps its offline default: the test checkout, which marks itself TEST MODE.
    expect(parseConfig({}).payments).toEqual({ mode: "test", testModeBanner: false });
  });

  it("transcribes with the embedded PocketSphinx unless TRANSCRIBER says ai (a provider) or off", () => {
    expect(parseConfig({}).transcriber).toEqual({ engine: "pocketsphinx" });
    expect(parseConfig({ TRANSCRIBER: "off" }).transcriber).toEqual({ engine: "off" });
    expect(parseConfig({ TRANSCRIBER: "ai" }).transcriber).toEqual({ engine: "ai", model: "whisper-1", baseUrl: undefined, apiKey: undefined, language: undefined });
    const whisper = { TRANSCRIBER: "ai", TRANSCRIBER_MODEL: "Systran/faster-whisper-small", TRANSCRIBER_BASE_URL: "http://whisper:8000/v1", TRANSCRIBER_API_KEY: "k", TRANSCRIBER_LANGUAGE: "en" };
    expect(parseConfig(whisper).transcriber).toEqual({ engine: "ai", model: "Systran/faster-whisper-small", baseUrl: "http://whisper:8000/v1", apiKey: "k", language: "en" });
    expect(() => parseConfig({ TRANSCRIBER: "whisper" })).toThrow("TRANSCRIBER must be pocketsphinx, ai or off");
    expect(() => parseConfig({ ...whisper, TRANSCRIBER_BASE_URL: "not a url" })).toThrow(/TRANSCRIBER_BASE_URL/);
    expect(() => parseConfig({ ...whisper, TRANSCRIBER_LANGUAGE: "English" })).toThrow("TRANSCRIBER_LANGUAGE must be a two-letter ISO 639-1 code (e.g. en)");
  });

  it("refuses TRANSCRIBER=ai in production without the provider's key, saying which variable", () => {
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), SMTP_URL: "smtp://mail:25", PAYMENTS: "test", TRANSCRIBER: "ai" };
    expect(() => parseConfig(production)).toThrow("TRANSCRIBER_API_KEY: TRANSCRIBER=ai needs the provider's key in production");
    expect(parseConfig({ ...production, TRANSCRIBER_API_KEY: "sk-x" }).transcriber).toMatchObject({ engine: "ai", apiKey: "sk-x" });
    // The embedded engine needs no key.
    expect(parseConfig({ ...production, TRANSCRIBER: "pocketsphinx" }).transcriber).toEqual({ engine: "pocketsphinx" });
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

  it("switches the AI provider on only when it is fully configured", () => {
    expect(parseConfig({}).ai).toBeUndefined();
    expect(parseConfig({ AI_PROVIDER: "openai-compatible", AI_MODEL: "llama3.2", AI_BASE_URL: "http://localhost:11434/v1" }).ai).toEqual({
      provider: "openai-compatible",
      model: "llama3.2",
      baseUrl: "http://localhost:11434/v1",
      apiKey: undefined,
    });
    expect(() => parseConfig({ AI_PROVIDER: "openai-compatible" })).toThrow(/set both AI_PROVIDER and AI_MODEL[\s\S]*needs AI_BASE_URL/);
    expect(() => parseConfig({ AI_PROVIDER: "anthropic", AI_MODEL: "claude-sonnet-4-5" })).toThrow(/anthropic provider needs AI_API_KEY/);
    expect(() => parseConfig({ AI_PROVIDER: "gemini", AI_MODEL: "x" })).toThrow(/AI_PROVIDER/);
  });

  it("switches Stripe on only with all four variables, and says which are missing", () => {
    expect(parseConfig({}).stripe).toBeUndefined();
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PRICE_MONTHLY: "price_m", STRIPE_PRICE_ANNUAL: "price_a" };
    expect(parseConfig(stripe).stripe).toEqual({ secretKey: "sk_test_x", webhookSecret: "whsec_x", prices: { month: "price_m", year: "price_a" }, apiUrl: undefined });
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/missing: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL/);
  });
});
