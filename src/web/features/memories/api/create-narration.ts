import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER, type NarrationFieldsInput } from "../../../../shared/memories";
import { apiClient } from "../../../lib/api-client";
import { memoryChangeKeys } from "../../../lib/query-keys";

/** `idempotencyKey`: one UUID per form submission, so a double submit or a retry makes one memory. */
export type CreateNarrationInput = { fields: NarrationFieldsInput; audio: Blob | null; image: File | null; idempotencyKey: string };

/** POST /api/narrations as one multipart form: the fields as JSON, the recording and the photo as files. */
export function createNarration({ fields, audio, image, idempotencyKey }: CreateNarrationInput) {
  const form = new FormData();
  form.set("data", JSON.stringify(fields));
  if (audio) form.set("audio", audio, audio.type.includes("mp4") ? "narration.m4a" : "narration.webm");
  if (image) form.set("image", image, image.name);
  return apiClient.post<{ id: string }>("/api/narrations", form, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useCreateNarration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNarration,
    onSuccess: () => Promise.all(memoryChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
