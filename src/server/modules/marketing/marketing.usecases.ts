import { DAD_MOVES_COUNT } from "../../../shared/dad-moves";
import type { SubscribeInput } from "../../../shared/subscribe-schema";
import type { EmailOutbox } from "../email/email.types";
import { DAD_MOVES } from "./dad-moves.content";
import { buildDadMovesPdf } from "./dad-moves.pdf";
import { DAD_MOVES_PDF_NAME, weeklyMoveEmail, welcomeEmail } from "./marketing.emails";
import type { SubscribersRepository } from "./marketing.repository";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Week N of a subscriber's series: week 1 is the first seven days after subscribing. */
export function seriesWeek(subscribedAt: Date, now: Date) {
  return Math.floor((now.getTime() - subscribedAt.getTime()) / (7 * DAY_MS)) + 1;
}

export function createMarketingUsecases(options: { subscribers: SubscribersRepository; outbox: EmailOutbox; appUrl: string }) {
  const { subscribers, outbox, appUrl } = options;
  const unsubscribeUrl = (token: string) => `${appUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
  let pdf: Promise<Uint8Array> | undefined;
  const dadMovesPdf = () => (pdf ??= buildDadMovesPdf());

  return {
    dadMovesPdf,

    /** Idempotent: a known, active address gets no second welcome email. */
    async subscribe(input: Required<SubscribeInput>) {
      const { subscriber, started } = await subscribers.subscribe(input);
      if (started) {
        const content = Buffer.from(await dadMovesPdf()).toString("base64");
        await outbox.queue(
          welcomeEmail({
            to: subscriber.email,
            unsubscribeUrl: unsubscribeUrl(subscriber.unsubscribeToken),
            pdfUrl: `${appUrl}/api/dad-moves.pdf`,
            pdf: { filename: DAD_MOVES_PDF_NAME, contentType: "application/pdf", contentBase64: content },
          }),
        );
      }
      return { subscribed: true };
    },

    unsubscribe: (token: string) => subscribers.unsubscribe(token),

    /**
     * The weekly send: every active subscriber in week N of their series (1..52) gets move N,
     * once. Safe to run again: a delivery is claimed before it is queued.
     */
    async sendWeeklyMoves(now = new Date()) {
      let sent = 0;
      for (const subscriber of await subscribers.listActive(now)) {
        const week = seriesWeek(subscriber.subscribedAt, now);
        if (week > DAD_MOVES_COUNT) continue;
        if (!(await subscribers.claimDelivery({ subscriberId: subscriber.id, week }))) continue;
        try {
          await outbox.queue(
            weeklyMoveEmail({ to: subscriber.email, week, move: DAD_MOVES[week - 1]!, unsubscribeUrl: unsubscribeUrl(subscriber.unsubscribeToken), appUrl }),
          );
          sent += 1;
        } catch (error) {
          await subscribers.releaseDelivery({ subscriberId: subscriber.id, week });
          throw error;
        }
      }
      return { sent };
    },
  };
}

export type MarketingUsecases = ReturnType<typeof createMarketingUsecases>;
