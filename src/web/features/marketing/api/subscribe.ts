import { useMutation } from "@tanstack/react-query";
import type { SubscribeInput } from "../../../../shared/subscribe-schema";
import { apiClient } from "../../../lib/api-client";
import { recordConversion } from "../../../lib/experiment";

/**
 * POST /api/subscribe: joins the Dad Moves list (the server sends the PDF). The body is checked
 * by the shared `subscribeInputSchema` on the server; the browser's email field checks the
 * format first (zod stays out of the landing page's bundle).
 */
export async function subscribe(input: SubscribeInput) {
  return apiClient.post<{ subscribed: true }>("/api/subscribe", { email: input.email.trim(), source: input.source ?? "Dad-Moves" });
}

export function useSubscribe() {
  return useMutation({
    mutationFn: subscribe,
    onSuccess: () => void recordConversion("email_signup"),
  });
}
