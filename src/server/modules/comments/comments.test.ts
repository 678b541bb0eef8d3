import { beforeAll, describe, expect, it } from "vitest";
import { VIDEO_COPY, type VideoComment } from "../../../shared/videos";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { createChild, uploadBytes } from "../../../../tests/support/videos";

let t: TestApp;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let other: Awaited<ReturnType<typeof createSignedInUser>>;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t);
  other = await createSignedInUser(t);
  // The comments do not need a processed video: a saved row is enough.
  const child = await createChild(t, owner.id);
  const uploadId = await uploadBytes(t, owner.cookie, new Uint8Array(10));
  const response = await jsonRequest(t, "POST", "/api/videos", { cookie: owner.cookie, body: { uploadId, title: "Fishing", childIds: [child.id], unlockType: "now" } });
  videoId = (await response.json()).id;
});

const post = (body: unknown, cookie = owner.cookie) => jsonRequest(t, "POST", `/api/videos/${videoId}/comments`, { cookie, body });
const list = async () => ((await (await jsonRequest(t, "GET", `/api/videos/${videoId}/comments`, { cookie: owner.cookie })).json()) as { comments: VideoComment[] }).comments;
const message = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe("video comments", () => {
  it("adds timestamped comments authored as Dad, with replies one level deep, nested in the list", async () => {
    const comment = await (await post({ content: "  Look at that cast!  ", timeSeconds: 65.4 })).json();
    expect(comment).toMatchObject({ author: "Dad", authorId: owner.id, content: "Look at that cast!", timestamp: "1:05", parentId: null });
    const reply = await post({ content: "Still the best day.", timeSeconds: 66, parentId: comment.id });
    expect(reply.status).toBe(201);
    const replyBody = await reply.json();
    const tooDeep = await post({ content: "Deeper", timeSeconds: 1, parentId: replyBody.id });
    expect(tooDeep.status).toBe(400);
    const comments = await list();
    expect(comments).toHaveLength(1);
    expect(comments[0]?.replies.map((r) => r.content)).toEqual(["Still the best day."]);
  });

  it("rejects empty content after trimming with the spec's messages", async () => {
    const empty = await post({ content: "   ", timeSeconds: 0 });
    expect(empty.status).toBe(400);
    expect(await message(empty)).toContain(VIDEO_COPY.commentRequired);
    const [first] = await list();
    const emptyReply = await post({ content: "\n ", timeSeconds: 0, parentId: first?.id });
    expect(await message(emptyReply)).toContain(VIDEO_COPY.replyRequired);
  });

  it("edits and deletes comments and replies; deleting a comment removes its replies", async () => {
    const comment = await (await post({ content: "First", timeSeconds: 3 })).json();
    const reply = await (await post({ content: "Reply", timeSeconds: 4, parentId: comment.id })).json();
    const edited = await jsonRequest(t, "PATCH", `/api/videos/${videoId}/comments/${reply.id}`, { cookie: owner.cookie, body: { content: " Edited reply " } });
    expect(await edited.json()).toMatchObject({ content: "Edited reply", updatedAt: expect.any(String) });
    const emptyEdit = await jsonRequest(t, "PATCH", `/api/videos/${videoId}/comments/${comment.id}`, { cookie: owner.cookie, body: { content: " " } });
    expect(await message(emptyEdit)).toContain(VIDEO_COPY.commentRequired);
    expect((await jsonRequest(t, "DELETE", `/api/videos/${videoId}/comments/${comment.id}`, { cookie: owner.cookie })).status).toBe(204);
    const ids = (await list()).flatMap((c) => [c.id, ...c.replies.map((r) => r.id)]);
    expect(ids).not.toContain(comment.id);
    expect(ids).not.toContain(reply.id);
  });

  it("two writers never overwrite each other (one row per comment)", async () => {
    const before = (await list()).length;
    await Promise.all(Array.from({ length: 8 }, (_, index) => post({ content: `Tab ${index}`, timeSeconds: index })));
    expect((await list()).length).toBe(before + 8);
  });

  it("answers 404 to another user for a comment's edit and delete", async () => {
    const comment = await (await post({ content: "Mine", timeSeconds: 1 })).json();
    const path = `/api/videos/${videoId}/comments/${comment.id}`;
    expect((await jsonRequest(t, "PATCH", path, { cookie: other.cookie, body: { content: "Theirs" } })).status).toBe(404);
    expect((await jsonRequest(t, "DELETE", path, { cookie: other.cookie })).status).toBe(404);
    expect((await post({ content: "x", timeSeconds: 0, parentId: comment.id }, other.cookie)).status).toBe(404);
  });
});
