import { z } from "zod";
import { SUBSCRIBE_SOURCES } from "./dad-moves";

/** POST /api/subscribe body (spec 002: email, source 'Dad-Moves'). */
export const subscribeInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address.").max(254)),
  source: z.enum(SUBSCRIBE_SOURCES).default("Dad-Moves"),
});

export type SubscribeInput = z.input<typeof subscribeInputSchema>;

