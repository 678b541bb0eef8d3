import { useMutation } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const openBillingPortal = () => apiClient.post<{ url: string }>("/api/billing-portal");

export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal, onSuccess: ({ url }) => window.location.assign(url) });
