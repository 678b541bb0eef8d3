import { CircleCheck, Gift, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { isWellFormedGiftCode, normalizeGiftCode } from "../../../../shared/gift-code";
import { FullPageStatus } from "../../../components/layout/full-page-status";
import { PageContainer } from "../../../components/layout/page-container";
import { ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useRedeemGiftCode } from "../api/redeem-gift-code";

/** Spec 002 §4: waits 1.5 s after load before redeeming. */
const REDEEM_DELAY_MS = 1500;

export type ActivateGiftCodeProps = { giftCode: string | null; signedIn: boolean };

/** /activate-gift-code?giftcode=: redeems the code for the signed-in dad (three states, spec 002 §2). */
export function ActivateGiftCode({ giftCode, signedIn }: ActivateGiftCodeProps) {
  const redeem = useRedeemGiftCode();
  const started = useRef(false);
  const code = giftCode ? normalizeGiftCode(giftCode) : "";

  useEffect(() => {
    if (!signedIn || !isWellFormedGiftCode(code) || started.current) return;
    const timer = window.setTimeout(() => {
      started.current = true;
      redeem.mutate(code, { onError: () => console.warn(`Gift code ${code} not redeemed`) });
    }, REDEEM_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, code, redeem]);

  if (!code) return <Failure message="No gift code was found in the URL." />;
  if (!signedIn) {
    return (
      <PageContainer width="narrow">
        <Card className="flex flex-col items-center gap-4 text-center">
          <Gift className="size-10 text-accent-dark" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-ink">Sign in to redeem your gift</h1>
          <p className="text-base text-olive-dark">Create your account with the code, or sign in and open this link again.</p>
          <ButtonLink to="/signup" size="lg">
            Create account
          </ButtonLink>
        </Card>
      </PageContainer>
    );
  }
  if (redeem.isError || !isWellFormedGiftCode(code)) {
    return <Failure message="This gift code may have expired, already been used, or is invalid." />;
  }
  if (!redeem.isSuccess) return <FullPageStatus>Redeeming your gift</FullPageStatus>;

  return (
    <PageContainer width="narrow">
      <Card className="flex flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
          <CircleCheck className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold text-ink">Gift Redeemed Successfully!</h1>
        <p className="text-base text-olive-dark">
          {redeem.data.months === 12 ? "A year" : redeem.data.months === 1 ? "A month" : `${redeem.data.months} months`} of Hey Dad is yours. Time to record something for them.
        </p>
        <ButtonLink to="/dashboard" size="lg">
          Go to your dashboard
        </ButtonLink>
      </Card>
    </PageContainer>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <PageContainer width="narrow">
      <Card className="flex flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold text-ink">Unable to redeem gift</h1>
        <p className="text-base text-olive-dark">{message}</p>
        <ButtonLink to="/dashboard" variant="secondary">
          Go to your dashboard
        </ButtonLink>
      </Card>
    </PageContainer>
  );
}
