import path from "node:path";
import { z } from "zod";

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default("./data"),
    WEB_ROOT: optional,
    APP_URL: optional.pipe(z.url().optional()),
    DATABASE_URL: optional,
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    AUTH_SECRET: optional.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
    SMTP_URL: optional,
    EMAIL_FROM: z.string().default("Hey Dad <hello@heydad.local>"),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    S3_BUCKET: optional,
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: optional.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    // How many proxies append to X-Forwarded-For in front of the app: false 0, true 1, or a count.
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .refine((value) => /^(true|false|[0-9]|10)$/.test(value), "TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of the app (1-10)")
      .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value))),
    AI_PROVIDER: optional.pipe(z.enum(["openai-compatible", "anthropic"]).optional()),
    AI_MODEL: optional,
    AI_BASE_URL: optional.pipe(z.url().optional()),
    AI_API_KEY: optional,
    TRANSCRIBER: z.enum(["pocketsphinx", "ai", "off"], { error: "TRANSCRIBER must be pocketsphinx, ai or off" }).default("pocketsphinx"),
    TRANSCRIBER_MODEL: z.string().trim().min(1).default("whisper-1"),
    TRANSCRIBER_BASE_URL: optional.pipe(z.url().optional()),
    TRANSCRIBER_API_KEY: optional,
    TRANSCRIBER_LANGUAGE: optional.pipe(z.string().regex(/^[a-z]{2}$/, "TRANSCRIBER_LANGUAGE must be a two-letter ISO 639-1 code (e.g. en)").optional()),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_PRICE_MONTHLY: optional,
    STRIPE_PRICE_ANNUAL: optional,
    STRIPE_API_URL: optional.pipe(z.url().optional()),
    DEV_MAILBOX: optional.pipe(z.enum(["on", "off"], { error: "DEV_MAILBOX must be on or off" }).optional()),
    PAYMENTS: optional.pipe(z.enum(["stripe", "test"], { error: "PAYMENTS must be stripe or test" }).optional()),
    SUPPORT_EMAIL: z.email().default("support@heydad.app"),
    STORAGE_QUOTA_BYTES: z.coerce.number().int().positive().default(20 * 1024 ** 3),
    RATE_LIMIT: z
      .enum(["on", "off"])
      .default("on")
      .transform((value) => value === "on"),
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    NEWSLETTER_FEED_URL: optional.pipe(z.url().optional()),
    META_PIXEL_ID: optional.pipe(z.string().regex(/^\d{5,20}$/, "META_PIXEL_ID must be the numeric pixel id").optional()),
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(3),
    // Tests only: a password's scrypt hash and a (hash, password) check are computed once per process.
    PASSWORD_HASH_MEMO: z
      .enum(["on", "off"], { error: "PASSWORD_HASH_MEMO must be on or off" })
      .default("off")
      .transform((value) => value === "on"),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
    APP_ROLE: optional.pipe(z.enum(["web", "worker", "all"], { error: "APP_ROLE must be web, worker or all" }).default("all")),
    VIDEO_FFMPEG_THREADS: z.coerce.number().int().min(0, "VIDEO_FFMPEG_THREADS must be 0 (ffmpeg chooses) to 64").max(64, "VIDEO_FFMPEG_THREADS must be 0 (ffmpeg chooses) to 64").default(0),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2, "JOB_LEASE_SECONDS must be 2 to 600").max(600, "JOB_LEASE_SECONDS must be 2 to 600").optional(),
    // Waits that tests shorten; unset, each is the production value its module holds.
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
    SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1, "SCHEDULE_CHECK_SECONDS must be 1 to 45").max(45, "SCHEDULE_CHECK_SECONDS must be 1 to 45").optional(),
    JOB_POLL_SECONDS: z.coerce.number().min(0.1, "JOB_POLL_SECONDS must be 0.1 to 60").max(60, "JOB_POLL_SECONDS must be 0.1 to 60").optional(),
    EMBEDDED_POSTGRES_RESTART_DELAYS_MS: optional.pipe(
      z
        .string()
        .regex(/^\d+(,\d+)*$/, "EMBEDDED_POSTGRES_RESTART_DELAYS_MS must be milliseconds separated by commas (e.g. 250,500,1000)")
        .transform((value) => value.split(",").map(Number))
        .optional(),
    ),
  });

/** Rules across several variables, checked on the raw environment so they are listed with the rest. */
function crossFieldProblems(env: Record<string, string | undefined>) {
  const set = (name: string) => Boolean(env[name]?.trim());
  const problems: string[] = [];
  if (set("GOOGLE_CLIENT_ID") !== set("GOOGLE_CLIENT_SECRET")) {
    problems.push("GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither");
  }
  if (set("S3_ACCESS_KEY_ID") !== set("S3_SECRET_ACCESS_KEY")) {
    problems.push("S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the SDK's default credentials)");
  }
  if ((set("AI_PROVIDER") || set("AI_MODEL")) && !(set("AI_PROVIDER") && set("AI_MODEL"))) {
    problems.push("AI_MODEL: set both AI_PROVIDER and AI_MODEL to use a model, or neither for the offline Playbook");
  }
  if (env.AI_PROVIDER?.trim() === "openai-compatible" && !set("AI_BASE_URL")) {
    problems.push("AI_BASE_URL: the openai-compatible provider needs AI_BASE_URL (e.g. https://api.openai.com/v1 or http://localhost:11434/v1)");
  }
  if (env.AI_PROVIDER?.trim() === "anthropic" && !set("AI_API_KEY")) problems.push("AI_API_KEY: the anthropic provider needs AI_API_KEY");
  const stripeVariables = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_ANNUAL"];
  const stripeSet = stripeVariables.filter(set);
  if (stripeSet.length > 0 && stripeSet.length < stripeVariables.length) {
    problems.push(`STRIPE_SECRET_KEY: set all of ${stripeVariables.join(", ")}, or none (test checkout); missing: ${stripeVariables.filter((name) => !set(name)).join(", ")}`);
  }
  const payments = env.PAYMENTS?.trim();
  if (payments === "test" && stripeSet.length > 0) {
    problems.push("PAYMENTS: PAYMENTS=test uses the test checkout; remove it to take payments with the Stripe keys that are set");
  } else if (stripeSet.length === 0 && payments !== "test" && (env.NODE_ENV === "production" || payments === "stripe")) {
    // Payments fail closed: production takes money only through Stripe unless PAYMENTS=test says otherwise. Without this, anyone could 'pay' for a gift code on the test checkout.
    problems.push(
      `STRIPE_SECRET_KEY: payments are not configured; set ${stripeVariables.join(", ")}, or PAYMENTS=test for a staging site (every page then says TEST MODE and no payment is real)`,
    );
  }
  if (env.NODE_ENV === "production" && env.TRANSCRIBER?.trim() === "ai" && !set("TRANSCRIBER_API_KEY")) {
    // Fails closed: a production server would otherwise send every recording to a provider that refuses it, and show no words.
    problems.push("TRANSCRIBER_API_KEY: TRANSCRIBER=ai needs the provider's key in production (a self-hosted Whisper server that checks no key takes any value)");
  }
  if (env.NODE_ENV === "production" && env.DEV_MAILBOX?.trim() === "on") problems.push("DEV_MAILBOX: the development mailbox is never served in production");
  if (env.NODE_ENV === "production" && env.PASSWORD_HASH_MEMO?.trim() === "on") problems.push("PASSWORD_HASH_MEMO: passwords are never kept in memory in production");
  if (env.NODE_ENV === "production" && !set("AUTH_SECRET")) problems.push("AUTH_SECRET: AUTH_SECRET is required in production");
  if (env.NODE_ENV === "production" && !set("SMTP_URL")) {
    problems.push("SMTP_URL: SMTP_URL is required in production (the development mailbox is never used there)");
  }
  return problems;
}

/** The origin presigned links point at, so the page may load media from it (CSP). */
function s3LinkOrigin(options: { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean }) {
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  return options.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** Parses the environment once at boot. Nothing else in the server reads process.env. */
export function parseConfig(env: Record<string, string | undefined>) {
  const result = configSchema.safeParse(env);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`)),
    ...crossFieldProblems(env),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    env: parsed.NODE_ENV,
    isProduction: parsed.NODE_ENV === "production",
    port: parsed.PORT,
    appUrl: parsed.APP_URL ?? `http://localhost:${parsed.PORT}`,
    dataDir,
    /** The built web app to serve (dist/web unless WEB_ROOT names another build). */
    webRoot: parsed.WEB_ROOT ? path.resolve(parsed.WEB_ROOT) : undefined,
    database: parsed.DATABASE_URL
      ? { kind: "external" as const, url: parsed.DATABASE_URL }
      : { kind: "embedded" as const, dir: path.join(dataDir, "postgres"), port: parsed.EMBEDDED_POSTGRES_PORT, restartDelaysMs: parsed.EMBEDDED_POSTGRES_RESTART_DELAYS_MS },
    authSecret: parsed.AUTH_SECRET,
    email: {
      from: parsed.EMAIL_FROM,
      transport: parsed.SMTP_URL ? { kind: "smtp" as const, url: parsed.SMTP_URL } : { kind: "mailbox" as const },
      /** Who may open /dev/mailbox (without SMTP, never in production): this machine only, or anyone with DEV_MAILBOX=on. */
      mailboxAudience: parsed.SMTP_URL || parsed.NODE_ENV === "production" || parsed.DEV_MAILBOX === "off" ? ("none" as const) : parsed.DEV_MAILBOX === "on" ? ("anyone" as const) : ("loopback" as const),
    },
    google:
      parsed.GOOGLE_CLIENT_ID && parsed.GOOGLE_CLIENT_SECRET
        ? { clientId: parsed.GOOGLE_CLIENT_ID, clientSecret: parsed.GOOGLE_CLIENT_SECRET }
        : undefined,
    storage: parsed.S3_BUCKET
      ? {
          kind: "s3" as const,
          bucket: parsed.S3_BUCKET,
          region: parsed.S3_REGION,
          endpoint: parsed.S3_ENDPOINT,
          forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
          credentials:
            parsed.S3_ACCESS_KEY_ID && parsed.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: parsed.S3_ACCESS_KEY_ID, secretAccessKey: parsed.S3_SECRET_ACCESS_KEY }
              : undefined,
          linkOrigin: s3LinkOrigin({ bucket: parsed.S3_BUCKET, region: parsed.S3_REGION, endpoint: parsed.S3_ENDPOINT, forcePathStyle: parsed.S3_FORCE_PATH_STYLE }),
        }
      : { kind: "local" as const, root: path.join(dataDir, "storage") },
    ai:
      parsed.AI_PROVIDER && parsed.AI_MODEL
        ? { provider: parsed.AI_PROVIDER, model: parsed.AI_MODEL, baseUrl: parsed.AI_BASE_URL, apiKey: parsed.AI_API_KEY }
        : undefined,
    /**
     * Who turns recordings into words: the embedded PocketSphinx (when installed), a provider speaking OpenAI's
     * transcription API through the AI SDK (OpenAI itself, or a self-hosted Whisper server at its base URL), or nobody.
     */
    transcriber:
      parsed.TRANSCRIBER === "ai"
        ? { engine: "ai" as const, model: parsed.TRANSCRIBER_MODEL, baseUrl: parsed.TRANSCRIBER_BASE_URL, apiKey: parsed.TRANSCRIBER_API_KEY, language: parsed.TRANSCRIBER_LANGUAGE }
        : { engine: parsed.TRANSCRIBER },
    uploads: { dir: path.join(dataDir, "uploads"), quotaBytes: parsed.STORAGE_QUOTA_BYTES },
    /** Proxies in front of the app: the client address is this many X-Forwarded-For hops from the right (0: the socket's). */
    trustProxyHops: parsed.TRUST_PROXY,
    supportEmail: parsed.SUPPORT_EMAIL,
    stripe:
      parsed.STRIPE_SECRET_KEY && parsed.STRIPE_WEBHOOK_SECRET && parsed.STRIPE_PRICE_MONTHLY && parsed.STRIPE_PRICE_ANNUAL
        ? {
            secretKey: parsed.STRIPE_SECRET_KEY,
            webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
            prices: { month: parsed.STRIPE_PRICE_MONTHLY, year: parsed.STRIPE_PRICE_ANNUAL },
            apiUrl: parsed.STRIPE_API_URL,
          }
        : undefined,
    /** Test checkout without Stripe; an explicit PAYMENTS=test (a staging site) shows a TEST MODE banner on every page. */
    payments: { mode: parsed.STRIPE_SECRET_KEY ? ("stripe" as const) : ("test" as const), testModeBanner: parsed.PAYMENTS === "test" },
    rateLimit: parsed.RATE_LIMIT,
    adminEmails: parsed.ADMIN_EMAILS,
    newsletterFeedUrl: parsed.NEWSLETTER_FEED_URL,
    metaPixelId: parsed.META_PIXEL_ID,
    /** How long an app node reuses a looked-up session; a revocation made on another node shows within this. */
    sessionCacheSeconds: parsed.SESSION_CACHE_SECONDS,
    /** Tests only: scrypt once per password and per (hash, password) check (createMemoizedPasswordHashing). */
    passwordHashMemo: parsed.PASSWORD_HASH_MEMO,
    /** Connections this app node keeps to PostgreSQL. */
    databasePoolMax: parsed.DATABASE_POOL_MAX,
    /** The job queue's waits: before a failed job's first retry, between two looks at the schedules, between two looks for new jobs. */
    jobTiming: { retryDelaySeconds: parsed.JOB_RETRY_DELAY_SECONDS, scheduleCheckSeconds: parsed.SCHEDULE_CHECK_SECONDS, leaseSeconds: parsed.JOB_LEASE_SECONDS, pollSeconds: parsed.JOB_POLL_SECONDS },
    /**
     * What this process does (APP_ROLE): `web` serves the app and works the light jobs (emails, unlocks, schedules);
     * `worker` works the heavy jobs (video processing, archive builds) and answers only /healthz and /readyz; `all` both.
     */
    role: { name: parsed.APP_ROLE, servesApp: parsed.APP_ROLE !== "worker", takes: { light: parsed.APP_ROLE !== "worker", heavy: parsed.APP_ROLE !== "web" } },
    /** Threads each ffmpeg may use (0: ffmpeg chooses, every core): 1 on a worker node running one job per core. */
    videoFfmpegThreads: parsed.VIDEO_FFMPEG_THREADS,
  };
}
