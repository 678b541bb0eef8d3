import { beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { mailboxMessages } from "../email/email.table";
import { DAD_MOVES } from "./dad-moves.content";
import { seriesWeek } from "./marketing.usecases";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: "off" });
});

const subscribe = (body: unknown) => jsonRequest(t, "POST", "/api/subscribe", { body });
const emailsTo = async (to: string) => (await t.db.select().from(mailboxMessages)).filter((m) => m.to === to);
const DAY = 24 * 60 * 60 * 1000;
const tokenFrom = (text: string) => text.match(/unsubscribe\?token=([\w-]+)/)![1]!;

describe("POST /api/subscribe", () => {
  it("refuses a missing, blank or malformed email and an unknown source", async () => {
    for (const body of [{}, { email: "" }, { email: "   " }, { email: "dad@" }, { email: "not an email" }, { email: "dad@example.com", source: "Other" }]) {
      const response = await subscribe(body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("sends one welcome email with the 52-move PDF attached, a one-click unsubscribe link and List-Unsubscribe headers", async () => {
    const response = await subscribe({ email: "  New.Dad@Example.com ", source: "Dad-Moves" });
    expect(response.status).toBe(200);
    const email = await waitForEmail(t, "new.dad@example.com", { subjectIncludes: "52 Dad Moves" });
    const headers = JSON.parse(email.headers);
    expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=[\w-]+>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email.html).toContain("Unsubscribe</a>");
    expect(email.text).toContain("/api/unsubscribe?token=");
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments[0]).toMatchObject({ filename: "52-dad-moves.pdf", contentType: "application/pdf" });
    const pdf = await PDFDocument.load(Buffer.from(email.attachments[0]!.contentBase64, "base64"));
    expect(pdf.getTitle()).toContain("52 Dad Moves");
    expect(pdf.getPageCount()).toBeGreaterThan(5);
  });

  it("is idempotent for a known address: 200 again, no second email", async () => {
    await subscribe({ email: "twice@example.com", source: "Dad-Moves" });
    await waitForEmail(t, "twice@example.com");
    const again = await subscribe({ email: "TWICE@example.com", source: "Dad-Moves" });
    expect(again.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await emailsTo("twice@example.com")).toHaveLength(1);
  });
});

describe("the weekly Dad Moves job", () => {
  it("sends move N in week N once per subscriber and week, however often it runs, and stops after unsubscribing", async () => {
    await subscribe({ email: "weekly@example.com", source: "Dad-Moves" });
    const welcome = await waitForEmail(t, "weekly@example.com");
    // Pretend the subscription started two and a half weeks ago: this is week 3.
    await t.pool.query("update subscribers set subscribed_at = now() - interval '17 days' where email = 'weekly@example.com'");
    await t.services.marketing.sendWeeklyMoves();
    await t.services.marketing.sendWeeklyMoves();
    const move = await waitForEmail(t, "weekly@example.com", { subjectIncludes: "Dad Move 3 of 52" });
    expect(move.subject).toBe(`Dad Move 3 of 52: ${DAD_MOVES[2]!.title}`);
    expect(move.text).toContain(DAD_MOVES[2]!.move);
    expect(JSON.parse(move.headers)["List-Unsubscribe"]).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await emailsTo("weekly@example.com")).filter((m) => m.subject.startsWith("Dad Move 3"))).toHaveLength(1);

    // One click on the link in the email unsubscribes and lands on /dadmoves.
    const token = tokenFrom(welcome.text);
    const click = await t.app.request(`/api/unsubscribe?token=${token}`);
    expect(click.status).toBe(303);
    expect(click.headers.get("location")).toBe("/dadmoves?unsubscribed=1");
    await t.pool.query("update subscribers set subscribed_at = now() - interval '24 days' where email = 'weekly@example.com'");
    expect(await t.services.marketing.sendWeeklyMoves()).toEqual({ sent: 0 });

    // The one-click POST from a mail client, and an unknown token.
    expect((await t.app.request(`/api/unsubscribe?token=${token}`, { method: "POST" })).status).toBe(200);
    expect((await t.app.request("/api/unsubscribe?token=nope-nope-nope-nope")).status).toBe(404);
  });

  it("numbers the weeks from the subscription date and has exactly 52 moves", () => {
    const start = new Date("2025-06-02T10:00:00Z");
    expect(seriesWeek(start, new Date(start.getTime() + 1000))).toBe(1);
    expect(seriesWeek(start, new Date(start.getTime() + 7 * DAY - 1))).toBe(1);
    expect(seriesWeek(start, new Date(start.getTime() + 7 * DAY))).toBe(2);
    expect(DAD_MOVES).toHaveLength(52);
    expect(new Set(DAD_MOVES.map((move) => move.title)).size).toBe(52);
  });
});

describe("GET /api/dad-moves.pdf", () => {
  it("serves the app-generated PDF", async () => {
    const response = await t.app.request("/api/dad-moves.pdf");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
  });
});

describe("subscribe rate limit", () => {
  it("allows 5 sign-ups a minute from one address", async () => {
    const limited = await createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await jsonRequest(limited, "POST", "/api/subscribe", { body: { email: `rl${i}@example.com` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
