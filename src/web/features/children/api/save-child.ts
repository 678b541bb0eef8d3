import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Child, ChildInput } from "../../../../shared/children";
import { apiClient } from "../../../lib/api-client";
import { childChangeKeys } from "../../../lib/query-keys";

export type SaveChildInput = {
  /** Present when editing. */
  id?: string;
  values: ChildInput;
  /** The cropped photo to upload, null to remove the current one, undefined to keep it. */
  photo?: Blob | null;
};

/** Adds or edits a child, then uploads (or removes) the photo. */
export async function saveChild({ id, values, photo }: SaveChildInput) {
  let child = id
    ? (await apiClient.patch<{ child: Child }>(`/api/children/${id}`, values)).child
    : (await apiClient.post<{ child: Child }>("/api/children", values)).child;
  if (photo) child = (await apiClient.put<{ child: Child }>(`/api/children/${child.id}/photo`, photo)).child;
  else if (photo === null && child.photoUrl) child = (await apiClient.delete<{ child: Child }>(`/api/children/${child.id}/photo`)).child;
  return child;
}

export function useSaveChild() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveChild, onSettled: () => Promise.all(childChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}
