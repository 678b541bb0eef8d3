import { IDEMPOTENCY_KEY_HEADER, type NarrationFieldsInput } from "../../shared/memories";
import { apiClient } from "./api-client";

/** `idempotencyKey`: one UUID per memory, so a double submit, a retry or a resend from the outbox makes one memory. */
export type NarrationRequest = { fields: NarrationFieldsInput; audio: Blob | null; image: File | null; idempotencyKey: string };

/** POST /api/narrations as one multipart form: the fields as JSON, the recording and the photo as files. */
export function postNarration({ fields, audio, image, idempotencyKey }: NarrationRequest) {
  const form = new FormData();
  form.set("data", JSON.stringify(fields));
  if (audio) form.set("audio", audio, audio.type.includes("mp4") ? "narration.m4a" : "narration.webm");
  if (image) form.set("image", image, image.name);
  return apiClient.post<{ id: string }>("/api/narrations", form, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}
