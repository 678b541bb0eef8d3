import { expect } from "vitest";
import { type createSignedInUser, createTestApp, jsonRequest, startAppOn, TEST_ORIGIN, type TestApp, waitForEmail } from "../../../../tests/support/test-app";

export type Dad = Awaited<ReturnType<typeof createSignedInUser>>;

let counter = 0;
export const uniqueEmail = (name: string) => `${name}${Date.now()}${counter++}@example.com`;

/** A quick note saved through the API (`extra` sets its title, notes and unlock rule). */
export async function postNote(t: TestApp, cookie: string, childIds: string[], extra: Record<string, unknown>) {
  const form = new FormData();
  form.set("data", JSON.stringify({ kind: "note", title: "Bedtime", notes: "You asked for one more story.", childIds, unlockType: "now", ...extra }));
  const response = await t.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
  expect(response.status).toBe(201);
  return (await response.json()).id as string;
}

/**
 * A guardian Dad adds, who accepts from the invitation email: their id, email, and the token of
 * the link emailed for `childName`'s page.
 */
export async function acceptedGuardian(t: TestApp, dad: Dad, options: { name?: string; childName?: string; body?: Record<string, unknown> } = {}) {
  const name = options.name ?? "Grandma Rose";
  const email = uniqueEmail(name.toLowerCase().replace(/\W/g, ""));
  const added = await jsonRequest(t, "POST", "/api/guardians", { cookie: dad.cookie, body: { name, email, relation: "grandparent", ...options.body } });
  expect(added.status).toBe(201);
  const { guardian } = await added.json();
  const invite = (await waitForEmail(t, email)).text.match(/\/family\/invite\/([A-Za-z0-9_-]+)/)![1];
  const accepted = await t.app.request(`/family/invite/${invite}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "answer=accept" });
  expect(accepted.status).toBe(303);
  // One email holds the link to each of the guardian's children's pages ("Maya's page: …").
  const links = (await waitForEmail(t, email, { subjectIncludes: "Your private link" })).text;
  const token = links.match(new RegExp(`${options.childName ?? "Maya"}'s page: \\S+/family/([A-Za-z0-9_-]{43})`))![1];
  return { id: guardian.id as string, email, token };
}

/** A test app and a second app node on the same database: its workers and job runs race the first node's. */
export async function startTwoNodes() {
  const t = await createTestApp();
  const secondNode = await startAppOn({ url: t.databaseUrl });
  return { t, secondNode };
}

export { daytimeZone } from "../../../../tests/support/daytime-zone";
