import type { CronJob } from "../../jobs/job-queue";
import type { MarketingUsecases } from "./marketing.usecases";

/** Every Monday 14:00 UTC (morning in the US): this week's Dad Move to every subscriber, once each. */
export const dadMovesWeeklyJob = (marketing: MarketingUsecases): CronJob => ({ name: "dad-moves-weekly", cron: "0 14 * * 1", run: () => marketing.sendWeeklyMoves() });
