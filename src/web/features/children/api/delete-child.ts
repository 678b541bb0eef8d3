import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { childChangeKeys } from "../../../lib/query-keys";

export const deleteChild = ({ id }: { id: string }) => apiClient.delete<void>(`/api/children/${id}`);

export function useDeleteChild() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteChild, onSettled: () => Promise.all(childChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}
