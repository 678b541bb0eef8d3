import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp } from "../../../tests/support/test-app";
import { createChild } from "../../../tests/support/videos";

let t: TestApp;
let cookie: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, id: userId } = await createSignedInUser(t));
});

const ID = "00000000-0000-4000-8000-000000000000";

/** A request as an attacker sends it: the body is raw text, so escapes reach the server exactly as typed. */
async function send(method: string, path: string, rawBody?: string) {
  const response = await t.app.request(path, {
    method,
    headers: { origin: TEST_ORIGIN, cookie, ...(rawBody !== undefined ? { "content-type": "application/json" } : {}) },
    body: rawBody,
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text || "null") as { error?: { code: string; message: string } } | null };
}

async function expectRefused(method: string, path: string, rawBody: string | undefined, message: RegExp) {
  const { status, body, text } = await send(method, path, rawBody);
  expect(`${method} ${path} ${rawBody ?? ""} -> ${status}`).toBe(`${method} ${path} ${rawBody ?? ""} -> 400`);
  expect(body?.error?.message, text).toMatch(message);
}

const cursorFor = (createdAt: string) => Buffer.from(JSON.stringify([createdAt, ID])).toString("base64url");

describe("input that passed validation but broke the database gets a 400 (issue 13.5)", () => {
  it("refuses NUL (U+0000) in text fields, ids, query and path parameters", async () => {
    await expectRefused("POST", "/api/children", String.raw`{"name":"Ma\u0000ya","birthdate":"2015-06-01"}`, /NUL|control character/i);
    await expectRefused("PUT", "/api/settings/profile", String.raw`{"fullName":"Dad\u0000","timeZone":"UTC"}`, /NUL|control character/i);
    await expectRefused("POST", `/api/videos/${ID}/comments`, String.raw`{"content":"hi\u0000","timeSeconds":1}`, /NUL|control character/i);
    await expectRefused("POST", "/api/pocket-dad", String.raw`{"prompt":"bedtime\u0000"}`, /NUL|control character/i);
    await expectRefused("GET", "/api/videos/%00", undefined, /NUL|control character/i);
    await expectRefused("GET", `/api/memories?childId=${ID}%00`, undefined, /NUL|control character/i);
    await expectRefused("POST", "/api/children", String.raw`{"na\u0000me":"Maya","birthdate":"2015-06-01"}`, /NUL|control character/i);
  });

  it("refuses NUL in a narration's fields, which travel as JSON inside a multipart form", async () => {
    const form = new FormData();
    const child = await createChild(t, userId);
    form.set("data", JSON.stringify({ kind: "note", title: "Bed\u0000time", notes: "", childIds: [child.id], unlockType: "now" }));
    const response = await t.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/NUL/);
  });

  it("refuses a lone surrogate in JSON (it cannot be stored as text or jsonb)", async () => {
    await expectRefused("PUT", "/api/settings/profile", String.raw`{"fullName":"Dad \ud800","timeZone":"UTC"}`, /unpaired surrogate|not valid text/i);
    await expectRefused("POST", "/api/events", String.raw`{"events":[{"name":"page_view","path":"/","properties":{"ref":"\udc00"}}]}`, /unpaired surrogate|not valid text/i);
    // A proper pair (an emoji) is fine.
    const emoji = await send("PUT", "/api/settings/profile", String.raw`{"fullName":"Dad \ud83d\ude00","phone":"","timeZone":"UTC"}`);
    expect(emoji.status).toBe(200);
  });

  it("refuses impossible calendar dates", async () => {
    for (const date of ["2024-02-30", "0000-00-00", "2023-02-29", "2024-13-01"]) {
      const body = JSON.stringify({ uploadId: "abc", title: "x", childIds: [ID], unlockType: "date", unlockDate: date });
      await expectRefused("POST", "/api/videos", body, /unlock date/i);
    }
  });

  it("refuses a comment time of 1e-320 (too small to be a time) with a clear message", async () => {
    await expectRefused("POST", `/api/videos/${ID}/comments`, `{"content":"hi","timeSeconds":1e-320}`, /time/i);
  });

  it("refuses a list cursor that decodes to year 0 or +275760", async () => {
    for (const createdAt of ["0000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z"]) {
      await expectRefused("GET", `/api/memories?cursor=${cursorFor(createdAt)}`, undefined, /cursor|page/i);
    }
  });

  it("refuses a null name or time zone on better-auth's update-user", async () => {
    await expectRefused("POST", "/api/auth/update-user", `{"name":null}`, /name/i);
    await expectRefused("POST", "/api/auth/update-user", `{"timeZone":null}`, /time zone/i);
  });

  it("refuses JSON nested 5,000 deep (an array or an object) with a 400 on every JSON route, better-auth's included", async () => {
    const deepArray = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const inside = (deep: string) => [
      ["POST", "/api/events", `{"events":[{"name":"page_view","path":"/","properties":{"ref":${deep}}}]}`],
      ["POST", "/api/events", deep],
      ["PUT", "/api/settings/profile", `{"fullName":${deep},"timeZone":"UTC"}`],
      ["POST", "/api/children", `{"name":"Maya","birthdate":"2015-06-01","extra":${deep}}`],
      ["POST", "/api/pocket-dad", `{"prompt":${deep}}`],
      ["POST", "/api/auth/update-user", `{"name":${deep}}`],
      ["POST", "/api/auth/sign-in/email", `{"email":${deep},"password":"x"}`],
    ];
    for (const [method, path, body] of [...inside(deepArray), ...inside(deepObject)]) {
      const answer = await send(method!, path!, body);
      const shape = body!.startsWith('{"a"') || body!.includes('{"a":{') ? "object" : "array";
      expect(`${method} ${path} (a 5,000-deep ${shape}) -> ${answer.status} ${answer.body?.error?.message ?? ""}`).toMatch(/-> 400 .*nest/i);
    }
    // Ordinary nesting still passes the guard.
    const shallow = await send("POST", "/api/events", `{"events":[{"name":"page_view","path":"/","properties":{"ref":"home"}}]}`);
    expect(shallow.status).toBeLessThan(300);
  });

  it("refuses a malformed percent-encoding in a file link", async () => {
    await expectRefused("GET", "/files/images/%E0%A4%A", undefined, /percent|encoding|address/i);
    await expectRefused("GET", "/api/videos/%E0%A4%A", undefined, /percent|encoding|address/i);
    await expectRefused("GET", "/api/memories?kind=%E0%A4%A", undefined, /percent|encoding|address/i);
  });
});
