import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export type GiftRedemption = { success: boolean; months: number; accessUntil: string | null };

/** The user comes from the session cookie; only the code is sent. */
export const redeemGiftCode = (giftCode: string) => apiClient.post<GiftRedemption>("/api/redeem-giftcode", { giftCode });

export function useRedeemGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: redeemGiftCode, onSuccess: () => queryClient.invalidateQueries() });
}
