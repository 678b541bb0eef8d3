import { z } from "zod";

/** Product events stored first-party (POST /api/events): Pocket Dad, onboarding, upsell, and page views. */
export const PRODUCT_EVENT_NAME = /^(pd|onboarding|upsell)_[a-z0-9_]{1,60}$/;
export const PAGE_VIEW_EVENT = "page_view";
export const MAX_EVENTS_PER_BATCH = 50;

const propertyValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  name: z.string().refine((name) => name === PAGE_VIEW_EVENT || PRODUCT_EVENT_NAME.test(name), "unknown event name"),
  path: z.string().max(300).startsWith("/").optional(),
  properties: z
    .record(z.string().max(60), propertyValue)
    .refine((value) => Object.keys(value).length <= 20, "at most 20 properties")
    .optional(),
  occurredAt: z.iso.datetime().optional(),
});

export const analyticsBatchSchema = z.object({
  visitorId: z.uuid().optional(),
  events: z.array(analyticsEventSchema).min(1).max(MAX_EVENTS_PER_BATCH),
});

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
