import { ACCESS_GIVING_STATUSES, decideAccess, PLANS } from "../../../shared/billing";
import type { CheckoutRequest } from "../../../shared/billing.schemas";
import type { DbOrTransaction } from "../../db/transaction";
import type { SessionUser } from "../auth/auth.types";
import type { EmailOutbox } from "../email/email.types";
import { type BillingContact, subscriptionCancelledEmail, subscriptionResumedEmail, subscriptionStartedEmail } from "./billing.emails";
import { billingErrors } from "./billing.errors";
import { InvalidSignatureError, type Payments, type ProviderSubscription } from "./billing.payments";
import type { BillingRepository } from "./billing.repository";

export type GiftPaid = { checkoutSessionId: string; buyerEmail: string; months: number };

/** A landing-page experiment conversion seen by billing: the visitor from the checkout, else the dad's own. */
export type BillingConversion = {
  visitorId: string | null;
  userId: string | null;
  conversionType: "checkout_started" | "purchase";
  metadata: Record<string, string>;
};

export type BillingUsecasesOptions = {
  repository: BillingRepository;
  payments: Payments;
  appUrl: string;
  supportEmail: string;
  /** Subscribing, cancelling and resuming each send a short email. */
  outbox: EmailOutbox;
  /** The dad's address and time zone (the auth module), for those emails. */
  contactOf: (userId: string) => Promise<BillingContact | null>;
  /** The gifts module issues and emails the code (idempotent per checkout session). */
  onGiftPaid: (gift: GiftPaid) => Promise<void>;
  /** The experiments module counts it once per visitor and type. */
  recordConversion: (conversion: BillingConversion) => Promise<unknown>;
  /** Told when the access worked out differs from the one recorded: the profiles module records profiles.has_access ('access.changed'). */
  setHasAccess: (input: { userId: string; hasAccess: boolean }) => Promise<unknown>;
  now?: () => Date;
};

export function createBillingUsecases(options: BillingUsecasesOptions) {
  const { repository, payments } = options;
  const now = () => options.now?.() ?? new Date();

  /**
   * Access as of now, decided from the stored facts (account age, subscription statuses, gift
   * end, admin grant). Reading never writes: an expiring gift or trial needs no event to show.
   */
  async function accessOf(userId: string) {
    const facts = await repository.accessFacts(userId);
    if (!facts) return null;
    const access = decideAccess({
      now: now(),
      accountCreatedAt: facts.profile.createdAt,
      subscriptionStatuses: facts.subscriptionStatuses,
      giftAccessUntil: facts.account.giftAccessUntil,
      adminGrant: facts.account.adminGrant,
    });
    return { ...access, giftAccessUntil: facts.account.giftAccessUntil, recordedHasAccess: facts.profile.hasAccess };
  }

  /** After a billing event (subscription change, gift redeemed): records profiles.has_access as of now. */
  async function recordAccess(userId: string) {
    const access = await accessOf(userId);
    if (access && access.hasAccess !== access.recordedHasAccess) await options.setHasAccess({ userId, hasAccess: access.hasAccess });
  }

  async function syncSubscription(subscription: ProviderSubscription) {
    const userId =
      (subscription.userId && (await repository.userExists(subscription.userId)) ? subscription.userId : undefined) ??
      (subscription.customerId ? await repository.userIdForCustomer(subscription.customerId) : undefined);
    if (!userId) return;
    const changed = await repository.syncSubscription({
      userId,
      providerSubscriptionId: subscription.id,
      customerId: subscription.customerId,
      status: subscription.status,
      interval: subscription.interval,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    });
    if (subscription.customerId && !(await repository.findAccount(userId))?.customerId) await repository.setCustomerId(userId, subscription.customerId);
    await recordAccess(userId);
    await tellAboutChange(userId, subscription, changed);
  }

  /** One short email per change the dad made or the provider reported: started (a receipt when charged), cancelled, resumed. */
  async function tellAboutChange(userId: string, subscription: ProviderSubscription, changed: { started: boolean; cancelChanged: boolean }) {
    if (!changed.started && !changed.cancelChanged) return;
    const contact = await options.contactOf(userId);
    if (!contact) return;
    const facts = { contact, interval: subscription.interval, periodEnd: subscription.currentPeriodEnd, appUrl: options.appUrl, supportEmail: options.supportEmail };
    if (changed.started) await options.outbox.queue(subscriptionStartedEmail({ ...facts, trialing: subscription.status === "trialing", now: now() }));
    else if (subscription.cancelAtPeriodEnd) await options.outbox.queue(subscriptionCancelledEmail(facts));
    else await options.outbox.queue(subscriptionResumedEmail(facts));
  }

  async function syncSubscriptionById(id: string) {
    const subscription = await payments.retrieveSubscription(id);
    if (subscription) await syncSubscription(subscription);
  }

  /**
   * The one completion path: the webhook, /api/verify-payment and the test checkout's Pay all
   * come here. It re-reads the session from the provider, so order and repeats do not matter.
   */
  async function syncCheckoutSession(id: string) {
    const session = await payments.retrieveCheckoutSession(id);
    if (!session) return { status: "failed" as const, kind: null };
    if (!session.completed) return { status: session.expired ? ("failed" as const) : ("pending" as const), kind: session.kind };
    if (session.kind === "gift") {
      if (!session.email) throw new Error(`Gift checkout ${id} has no buyer email`);
      await options.onGiftPaid({ checkoutSessionId: session.id, buyerEmail: session.email, months: PLANS[session.interval].giftMonths });
    } else {
      if (session.userId && session.customerId) await repository.setCustomerId(session.userId, session.customerId);
      if (session.subscriptionId) await syncSubscriptionById(session.subscriptionId);
    }
    await options.recordConversion({
      visitorId: session.visitorId,
      userId: session.userId,
      conversionType: "purchase",
      metadata: { kind: session.kind, interval: session.interval },
    });
    return { status: "success" as const, kind: session.kind };
  }

  async function createCheckoutSession(user: SessionUser | null, request: CheckoutRequest) {
    const visitorId = request.visitorId ?? null;
    if (payments.priceIds[request.interval] !== request.priceId) throw billingErrors.unknownPrice();
    const successUrl = `${options.appUrl}/success?session_id={CHECKOUT_SESSION_ID}${request.isGuest ? "&isGuest=true" : ""}`;
    const cancelUrl = `${options.appUrl}/pricing${request.isGuest ? "?isGuest=true" : ""}`;
    if (request.isGuest) {
      return payments.createCheckoutSession({ kind: "gift", interval: request.interval, email: request.email ?? null, userId: null, visitorId, customerId: null, trialEnd: null, successUrl, cancelUrl });
    }
    if (!user) throw billingErrors.signInToSubscribe();
    const access = await accessOf(user.id);
    const latest = await repository.latestSubscription(user.id);
    if (latest && ["active", "trialing", "past_due"].includes(latest.status)) throw billingErrors.alreadySubscribed();
    let customerId = (await repository.findAccount(user.id))?.customerId ?? null;
    if (!customerId) {
      customerId = await payments.createCustomer({ email: user.email, userId: user.id });
      if (customerId) await repository.setCustomerId(user.id, customerId);
    }
    const trialEnd = access && access.inTrial ? access.trialEndsAt : null;
    return payments.createCheckoutSession({ kind: "subscription", interval: request.interval, email: user.email, userId: user.id, visitorId, customerId, trialEnd, successUrl, cancelUrl });
  }

  return {
    accessOf,
    recordAccess,
    syncCheckoutSession,

    /** Used by requireAccess(): true while the dad may record and watch (free month or access). */
    async canUse(userId: string) {
      const access = await accessOf(userId);
      return Boolean(access && !access.blocked);
    },

    plans() {
      return {
        mode: payments.mode,
        plans: (["month", "year"] as const).map((interval) => ({
          priceId: payments.priceIds[interval],
          interval,
          label: PLANS[interval].label,
          price: PLANS[interval].priceCents / 100,
        })),
      };
    },

    /** Creates the provider's checkout session and counts checkout_started for the visitor. */
    async startCheckout(user: SessionUser | null, request: CheckoutRequest) {
      const session = await createCheckoutSession(user, request);
      await options.recordConversion({
        visitorId: request.visitorId ?? null,
        userId: user?.id ?? null,
        conversionType: "checkout_started",
        metadata: { kind: request.isGuest ? "gift" : "subscription", interval: request.interval },
      });
      return session;
    },

    async handleWebhook(rawBody: string, signature: string | undefined) {
      let event;
      try {
        event = payments.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof InvalidSignatureError) throw billingErrors.invalidSignature();
        throw error;
      }
      if (await repository.isEventProcessed(event.id)) return { duplicate: true };
      if (event.type === "checkout.session.completed" && event.checkoutSessionId) await syncCheckoutSession(event.checkoutSessionId);
      else if (event.type.startsWith("customer.subscription.") || event.type === "invoice.payment_failed") {
        if (event.subscriptionId) await syncSubscriptionById(event.subscriptionId);
      }
      await repository.markEventProcessed(event.id, event.type);
      return { duplicate: false };
    },

    /** What the pricing page and settings show about the signed-in dad's plan. */
    async summary(user: SessionUser) {
      const [access, latest, account] = await Promise.all([accessOf(user.id), repository.latestSubscription(user.id), repository.findAccount(user.id)]);
      const giftAccessUntil = access?.giftAccessUntil ?? null;
      return {
        hasAccess: access?.hasAccess ?? false,
        blocked: access?.blocked ?? false,
        trialEndsAt: access?.trialEndsAt.toISOString() ?? null,
        giftAccessUntil: giftAccessUntil?.toISOString() ?? null,
        giftFrom: giftAccessUntil ? await repository.giftBuyerFor(user.id) : null,
        portalAvailable: payments.mode === "stripe" && Boolean(account?.customerId),
        subscription: latest
          ? {
              id: latest.providerSubscriptionId,
              status: latest.status,
              interval: latest.interval,
              currentPeriodEnd: latest.currentPeriodEnd?.toISOString() ?? null,
              cancelAtPeriodEnd: latest.cancelAtPeriodEnd,
            }
          : null,
      };
    },

    async portalUrl(user: SessionUser) {
      const customerId = (await repository.findAccount(user.id))?.customerId;
      if (!customerId) throw billingErrors.noBillingAccount();
      const url = await payments.createPortalUrl({ customerId, returnUrl: `${options.appUrl}/dashboard` });
      if (!url) throw billingErrors.noBillingAccount();
      return { url };
    },

    /** Cancels at the end of the paid period; only the owner's subscription. */
    async cancelSubscription(user: SessionUser, providerSubscriptionId: string) {
      const owned = await repository.findSubscription(user.id, providerSubscriptionId);
      if (!owned) throw billingErrors.subscriptionNotFound();
      await syncSubscription(await payments.cancelSubscriptionAtPeriodEnd(providerSubscriptionId));
      return { ok: true };
    },

    /** 'Resume subscription' after cancelling, while the paid (or free) period still runs. */
    async resumeSubscription(user: SessionUser, providerSubscriptionId: string) {
      const owned = await repository.findSubscription(user.id, providerSubscriptionId);
      if (!owned) throw billingErrors.subscriptionNotFound();
      await syncSubscription(await payments.resumeSubscription(providerSubscriptionId));
      return { ok: true };
    },

    /** The gifts module, redeeming a code: adds its months to the dad's access, inside its transaction when given one. */
    extendGiftAccess: (input: { userId: string; months: number }, tx?: DbOrTransaction) => repository.extendGiftAccess(input, tx),

    /** Before an account is deleted: its live subscription stops renewing, so nothing is charged again. */
    async cancelForAccountDeletion(input: { userId: string }) {
      const subscription = await repository.latestSubscription(input.userId);
      if (subscription && ACCESS_GIVING_STATUSES.has(subscription.status) && !subscription.cancelAtPeriodEnd) {
        await payments.cancelSubscriptionAtPeriodEnd(subscription.providerSubscriptionId);
      }
    },
  };
}

export type BillingUsecases = ReturnType<typeof createBillingUsecases>;
