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
    APP_URL: optional.pipe(z.url().optional()),
    DATABASE_URL: optional,
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    AUTH_SECRET: optional.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
    SMTP_URL: optional,
    EMAIL_FROM: z.string().default("Hey Dad <hello@heydad.local>"),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    TRUST_PROXY: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
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
  });

/** Rules across several variables, checked on the raw environment so they are listed with the rest. */
function crossFieldProblems(env: Record<string, string | undefined>) {
  const set = (name: string) => Boolean(env[name]?.trim());
  const problems: string[] = [];
  if (set("GOOGLE_CLIENT_ID") !== set("GOOGLE_CLIENT_SECRET")) {
    problems.push("GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither");
  }
  if (env.NODE_ENV === "production" && !set("AUTH_SECRET")) problems.push("AUTH_SECRET: AUTH_SECRET is required in production");
  if (env.NODE_ENV === "production" && !set("SMTP_URL")) {
    problems.push("SMTP_URL: SMTP_URL is required in production (the development mailbox is never used there)");
  }
  return problems;
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
    database: parsed.DATABASE_URL
      ? { kind: "external" as const, url: parsed.DATABASE_URL }
      : { kind: "embedded" as const, dir: path.join(dataDir, "postgres"), port: parsed.EMBEDDED_POSTGRES_PORT },
    authSecret: parsed.AUTH_SECRET,
    email: {
      from: parsed.EMAIL_FROM,
      transport: parsed.SMTP_URL ? { kind: "smtp" as const, url: parsed.SMTP_URL } : { kind: "mailbox" as const },
    },
    google:
      parsed.GOOGLE_CLIENT_ID && parsed.GOOGLE_CLIENT_SECRET
        ? { clientId: parsed.GOOGLE_CLIENT_ID, clientSecret: parsed.GOOGLE_CLIENT_SECRET }
        : undefined,
    trustProxy: parsed.TRUST_PROXY,
    rateLimit: parsed.RATE_LIMIT,
    adminEmails: parsed.ADMIN_EMAILS,
    newsletterFeedUrl: parsed.NEWSLETTER_FEED_URL,
    metaPixelId: parsed.META_PIXEL_ID,
  };
}
