import { DrizzleQueryError } from "drizzle-orm/errors";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createErrorHandler } from "./error-handler";

describe("the error log (issue 13.5)", () => {
  it("never writes a failed query's parameters or the values PostgreSQL quotes", async () => {
    const logged: string[] = [];
    const app = new Hono();
    app.onError(createErrorHandler({ info: () => {}, error: (message, error) => logged.push(`${message} ${error instanceof Error ? `${error.message} ${error.stack}` : String(error)}`) }));
    const pgError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00 in "secret-child-name"'), { code: "22021", severity: "ERROR", routine: "report_invalid_encoding" });
    app.get("/drizzle", () => {
      throw new DrizzleQueryError("insert into children (name) values ($1)", ["Maya\u0000 secret-child-name"], pgError);
    });
    app.get("/pg", () => {
      throw pgError;
    });
    for (const path of ["/drizzle", "/pg"]) {
      const response = await app.request(path);
      expect(response.status).toBe(500);
    }
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).not.toContain("secret-child-name");
      expect(line).toContain("database error 22021");
    }
    expect(logged[0]).toContain("insert into children (name) values ($1)");
  });
});
