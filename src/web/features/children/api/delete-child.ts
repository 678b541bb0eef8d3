import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { childrenQueryKey } from "./list-children";

export const deleteChild = ({ id }: { id: string }) => apiClient.delete<void>(`/api/children/${id}`);

export function useDeleteChild() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteChild, onSettled: () => queryClient.invalidateQueries({ queryKey: childrenQueryKey }) });
}
