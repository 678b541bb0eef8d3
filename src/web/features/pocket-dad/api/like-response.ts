import { useMutation } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const likeResponse = (responseId: string) => apiClient.post<{ response_id: string; liked: true }>("/api/pocketdad-like", { response_id: responseId });

export function useLikeResponse() {
  return useMutation({ mutationFn: likeResponse });
}
