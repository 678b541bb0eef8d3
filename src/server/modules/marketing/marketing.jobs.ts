import { z } from "zod";
import type { MarketingUsecases } from "./marketing.usecases";
import type { JobDefinition } from "../../jobs/job-queue";

export const dadMovesWeeklyPayload = z.object({});

/** Every Monday 14:00 UTC (morning in the US): this week's Dad Move to every subscriber, once each. */
export const DAD_MOVES_WEEKLY_CRON = "0 14 * * 1";

export function createDadMovesWeeklyJob(marketing: MarketingUsecases): JobDefinition<typeof dadMovesWeeklyPayload> {
  return {
    name: "dad-moves-weekly",
    schema: dadMovesWeeklyPayload,
    retryLimit: 3,
    handle: async () => {
      await marketing.sendWeeklyMoves();
    },
  };
}
