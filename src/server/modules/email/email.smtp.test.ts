import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_FROM: "Hey Dad <hello@heydad.test>" });
});

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe("email over SMTP", () => {
  it("delivers the confirmation email to a real SMTP server through the job queue, HTML with a text alternative", async () => {
    const response = await jsonRequest(t, "POST", "/api/auth/sign-up/email", {
      body: { email: "smtp.dad@example.com", password: "correct-horse-1", name: "", callbackURL: "/dashboard" },
    });
    expect(response.status).toBe(200);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    const message = await simpleParser(received[0].raw);
    expect(received[0].to).toEqual(["smtp.dad@example.com"]);
    expect(message.from?.text).toContain("hello@heydad.test");
    expect(message.subject).toBe("Confirm your email for Hey Dad");
    expect(message.html).toContain("Confirm my email");
    expect(message.text).toContain("/api/auth/verify-email?token=");
  });

  it("keeps nothing in the development mailbox and does not serve it", async () => {
    expect(await t.services.mailbox.list()).toHaveLength(0);
    expect((await t.app.request("/dev/mailbox")).status).not.toBe(200);
  });
});
