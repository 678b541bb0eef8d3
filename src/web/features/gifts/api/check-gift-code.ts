import { queryOptions, useQuery } from "@tanstack/react-query";
import { isWellFormedGiftCode } from "../../../../shared/gift-code";
import { apiClient } from "../../../lib/api-client";

export const checkGiftCode = (giftCode: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<{ valid: boolean }>(`/api/check-giftcode?giftCode=${encodeURIComponent(giftCode)}`, { signal });

export const checkGiftCodeQueryOptions = (giftCode: string) =>
  queryOptions({ queryKey: ["check-giftcode", giftCode] as const, queryFn: ({ signal }) => checkGiftCode(giftCode, { signal }), staleTime: 30_000, retry: false });

/** Checks a complete (13-character) code with the server; shorter input is not sent. */
export const useCheckGiftCode = (giftCode: string) => useQuery({ ...checkGiftCodeQueryOptions(giftCode), enabled: isWellFormedGiftCode(giftCode) });
