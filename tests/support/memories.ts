import { TEST_ORIGIN, type TestApp } from "./test-app";

/** Saves a quick note through the real route (multipart, as the record form sends it); `data` overrides the fields. */
export function postNote(t: TestApp, cookie: string, data: Record<string, unknown>) {
  const form = new FormData();
  form.set("data", JSON.stringify({ kind: "note", title: "For later", notes: "", unlockType: "now", ...data }));
  return t.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
}
