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

  it("switches Stripe on only with all four variables, and says which are missing", () => {
    expect(parseConfig({}).stripe).toBeUndefined();
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PRICE_MONTHLY: "price_m", STRIPE_PRICE_ANNUAL: "price_a" };
    expect(parseConfig(stripe).stripe).toEqual({ secretKey: "sk_test_x", webhookSecret: "whsec_x", prices: { month: "price_m", year: "price_a" }, apiUrl: undefined });
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/missing: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL/);
  });
});
