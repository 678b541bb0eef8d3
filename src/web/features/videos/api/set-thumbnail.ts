import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VideoItem } from "../../../../shared/videos";
import { ApiError } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** PUT /api/videos/:id/thumbnail with the JPEG bytes of the chosen frame. */
export async function setThumbnail(input: { videoId: string; jpeg: Blob }) {
  const response = await fetch(`/api/videos/${input.videoId}/thumbnail`, { method: "PUT", credentials: "include", headers: { "content-type": "image/jpeg" }, body: input.jpeg });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError({ code: body?.error?.code ?? `HTTP_${response.status}`, status: response.status, message: body?.error?.message ?? "Something went wrong. Please try again." });
  return body as VideoItem;
}

export function useSetThumbnail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setThumbnail, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.memories.all }) });
}
