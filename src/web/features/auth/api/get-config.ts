import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export type PublicConfig = {
  googleEnabled: boolean;
  devMailbox: boolean;
  supportEmail: string;
  /** Meta pixel id when the pixel is switched on (META_PIXEL_ID), else null. */
  metaPixelId: string | null;
  /** A staging site (PAYMENTS=test): every page says TEST MODE. */
  testMode: boolean;
};

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = { googleEnabled: false, devMailbox: false, supportEmail: "support@heydad.app", metaPixelId: null, testMode: false };

export async function getConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  const config = await apiClient.get<Partial<PublicConfig>>("/api/config", { signal });
  return {
    googleEnabled: config?.googleEnabled === true,
    devMailbox: config?.devMailbox === true,
    supportEmail: typeof config?.supportEmail === "string" ? config.supportEmail : DEFAULT_PUBLIC_CONFIG.supportEmail,
    metaPixelId: typeof config?.metaPixelId === "string" ? config.metaPixelId : null,
    testMode: config?.testMode === true,
  };
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: ["config"] as const,
    queryFn: ({ signal }) => getConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** Public feature switches. Falls back to "everything off" while loading or on error. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(configQueryOptions());
  return data ?? DEFAULT_PUBLIC_CONFIG;
}
