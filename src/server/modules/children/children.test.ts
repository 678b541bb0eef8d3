import { beforeAll, describe, expect, it } from "vitest";
import { CHILD_PHOTO_MAX_BYTES } from "../../../shared/children";
import { TINY_PNG } from "../../../../tests/support/images";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
let dad: Awaited<ReturnType<typeof createSignedInUser>>;
let otherDad: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  dad = await createSignedInUser(t);
  otherDad = await createSignedInUser(t);
});

const addChild = async (cookie: string, body: Record<string, unknown> = { name: "Maya", birthdate: "2018-04-02" }) =>
  (await jsonRequest(t, "POST", "/api/children", { cookie, body })).json().then((json) => json.child);
const uploadPhoto = (cookie: string, childId: string, bytes: Buffer) =>
  t.app.request(`/api/children/${childId}/photo`, { method: "PUT", headers: { cookie, origin: TEST_ORIGIN, "content-type": "image/jpeg" }, body: new Uint8Array(bytes) });
const errorOf = async (response: Response) => (await response.json()).error;
const storedPhotos = (userId: string) => t.services.storage.list({ bucket: "child-images", prefix: `${userId}/` });

describe("adding, listing and editing children", () => {
  it("adds a child and lists children oldest first", async () => {
    const user = await createSignedInUser(t);
    const created = await jsonRequest(t, "POST", "/api/children", { cookie: user.cookie, body: { name: "  Maya ", birthdate: "2018-04-02", profileNote: "Loves dinosaurs" } });
    expect(created.status).toBe(201);
    expect((await created.json()).child).toMatchObject({ name: "Maya", birthdate: "2018-04-02", profileNote: "Loves dinosaurs", photoUrl: null });
    await addChild(user.cookie, { name: "Leo", birthdate: "2021-09-30" });
    const list = await (await jsonRequest(t, "GET", "/api/children", { cookie: user.cookie })).json();
    expect(list.children.map((child: { name: string }) => child.name)).toEqual(["Maya", "Leo"]);
  });

  it("edits a child's name, birth date and note", async () => {
    const child = await addChild(dad.cookie);
    const response = await jsonRequest(t, "PATCH", `/api/children/${child.id}`, { cookie: dad.cookie, body: { name: "Maya Rose", birthdate: "2018-04-03", profileNote: "" } });
    expect(response.status).toBe(200);
    expect((await response.json()).child).toMatchObject({ id: child.id, name: "Maya Rose", birthdate: "2018-04-03", profileNote: null });
  });

  it.each([
    [{ birthdate: "2018-04-02" }, "name: Invalid input: expected string, received undefined"],
    [{ name: " ", birthdate: "2018-04-02" }, "name: Please enter your child's name"],
    [{ name: "Maya", birthdate: "" }, "birthdate: Please enter a birth date"],
    [{ name: "Maya", birthdate: "02/04/2018" }, "birthdate: Please enter a valid birth date"],
    [{ name: "Maya", birthdate: "2999-01-01" }, "birthdate: The birth date can't be in the future"],
    [{ name: "x".repeat(81), birthdate: "2018-04-02" }, "name: Please keep the name under 80 characters"],
  ])("refuses %j with a clear message", async (body, message) => {
    const response = await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message });
  });
});

describe("photos", () => {
  it("stores an image under the dad's folder in child-images and returns a signed link that serves it", async () => {
    const child = await addChild(dad.cookie);
    const response = await uploadPhoto(dad.cookie, child.id, TINY_PNG);
    expect(response.status).toBe(200);
    const { photoUrl } = (await response.json()).child;
    expect(photoUrl).toMatch(new RegExp(`^/files/child-images/${dad.id}/${child.id}-[0-9a-f-]+\\.png\\?expires=\\d+&signature=`));
    const image = await t.app.request(photoUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    // One character of the signature changed (never to itself: a signature starting with Z once made this no change).
    const tampered = await t.app.request(photoUrl.replace(/signature=(.)/, (_: string, first: string) => `signature=${first === "Z" ? "Y" : "Z"}`));
    expect(tampered.status).toBe(403);
  });

  it("checks the type from the bytes: text named as a JPEG is refused", async () => {
    const child = await addChild(dad.cookie);
    const response = await uploadPhoto(dad.cookie, child.id, Buffer.from("definitely not a picture"));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "CHILD_PHOTO_NOT_AN_IMAGE", message: "Please select an image file" });
  });

  it("refuses a photo over 20 MB", async () => {
    const child = await addChild(dad.cookie);
    const response = await uploadPhoto(dad.cookie, child.id, Buffer.concat([TINY_PNG, Buffer.alloc(CHILD_PHOTO_MAX_BYTES)]));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toEqual({ code: "CHILD_PHOTO_TOO_LARGE", message: "Image size must be less than 20MB" });
  });

  it("replacing or removing a photo deletes the old file through the job queue", async () => {
    const user = await createSignedInUser(t);
    const child = await addChild(user.cookie);
    await uploadPhoto(user.cookie, child.id, TINY_PNG);
    const [first] = await storedPhotos(user.id);
    await uploadPhoto(user.cookie, child.id, TINY_PNG);
    await expect.poll(async () => (await storedPhotos(user.id)).map((o) => o.key).includes(first.key), { timeout: 10_000 }).toBe(false);
    expect(await storedPhotos(user.id)).toHaveLength(1);
    const removed = await jsonRequest(t, "DELETE", `/api/children/${child.id}/photo`, { cookie: user.cookie });
    expect((await removed.json()).child.photoUrl).toBeNull();
    await expect.poll(async () => (await storedPhotos(user.id)).length, { timeout: 10_000 }).toBe(0);
  });
});

describe("deleting a child", () => {
  it("deletes the row, then the photo file through the job queue", async () => {
    const user = await createSignedInUser(t);
    const child = await addChild(user.cookie);
    await uploadPhoto(user.cookie, child.id, TINY_PNG);
    const response = await jsonRequest(t, "DELETE", `/api/children/${child.id}`, { cookie: user.cookie });
    expect(response.status).toBe(204);
    expect((await jsonRequest(t, "GET", `/api/children/${child.id}`, { cookie: user.cookie })).status).toBe(404);
    await expect.poll(async () => (await storedPhotos(user.id)).length, { timeout: 10_000 }).toBe(0);
  });

  it("runs the other modules' deletion steps in the same transaction: a failing step keeps the child", async () => {
    const user = await createSignedInUser(t);
    const child = await addChild(user.cookie);
    const step = async () => {
      throw new Error("memories could not be removed");
    };
    t.services.childDeletionSteps.push(step);
    try {
      await expect(t.services.children.delete({ userId: user.id, childId: child.id })).rejects.toThrow("memories could not be removed");
    } finally {
      t.services.childDeletionSteps.splice(t.services.childDeletionSteps.indexOf(step), 1);
    }
    expect((await jsonRequest(t, "GET", `/api/children/${child.id}`, { cookie: user.cookie })).status).toBe(200);
  });

  it("deletes the files a deletion step names once the rows are gone", async () => {
    const user = await createSignedInUser(t);
    const child = await addChild(user.cookie);
    await t.services.storage.put({ bucket: "audio", key: `${user.id}/only-for-this-child.webm`, body: Buffer.from("voice"), contentType: "audio/webm" });
    const step = async () => [{ bucket: "audio" as const, key: `${user.id}/only-for-this-child.webm` }];
    t.services.childDeletionSteps.push(step);
    try {
      await t.services.children.delete({ userId: user.id, childId: child.id });
    } finally {
      t.services.childDeletionSteps.splice(t.services.childDeletionSteps.indexOf(step), 1);
    }
    await expect.poll(async () => (await t.services.storage.list({ bucket: "audio", prefix: `${user.id}/` })).length, { timeout: 10_000 }).toBe(0);
  });
});

describe("another dad's children", () => {
  it("answers 404 for every call on another dad's child, and never changes it", async () => {
    const child = await addChild(dad.cookie, { name: "Private", birthdate: "2015-01-01" });
    const cookie = otherDad.cookie;
    const calls = [
      jsonRequest(t, "GET", `/api/children/${child.id}`, { cookie }),
      jsonRequest(t, "PATCH", `/api/children/${child.id}`, { cookie, body: { name: "Taken", birthdate: "2015-01-01" } }),
      jsonRequest(t, "DELETE", `/api/children/${child.id}`, { cookie }),
      jsonRequest(t, "DELETE", `/api/children/${child.id}/photo`, { cookie }),
      uploadPhoto(cookie, child.id, TINY_PNG),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ code: "CHILD_NOT_FOUND", message: "We couldn't find that child." });
    }
    const list = await (await jsonRequest(t, "GET", "/api/children", { cookie })).json();
    expect(list.children).toEqual([]);
    expect((await (await jsonRequest(t, "GET", `/api/children/${child.id}`, { cookie: dad.cookie })).json()).child.name).toBe("Private");
    expect(await storedPhotos(otherDad.id)).toEqual([]);
  });

  it("answers 404 for an id that is not a child id at all", async () => {
    expect((await jsonRequest(t, "GET", "/api/children/not-an-id", { cookie: dad.cookie })).status).toBe(404);
  });
});
