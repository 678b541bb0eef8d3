import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Guardian, GuardianInput } from "../../../../shared/guardians";
import { apiClient } from "../../../lib/api-client";
import { guardiansQueryKey } from "./list-guardians";

/** Adds a guardian (and emails the invitation) or saves an edit (id present). */
export const saveGuardian = ({ id, values }: { id?: string; values: GuardianInput }) =>
  (id ? apiClient.patch<{ guardian: Guardian }>(`/api/guardians/${id}`, values) : apiClient.post<{ guardian: Guardian }>("/api/guardians", values)).then((r) => r.guardian);

export function useSaveGuardian() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveGuardian, onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansQueryKey }) });
}
