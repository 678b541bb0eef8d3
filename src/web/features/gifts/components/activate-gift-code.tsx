import { CircleCheck, Gift, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { isWellFormedGiftCode, normalizeGiftCode } from "../../../../shared/gift-code";
import { FullPageStatus } from "../../../components/layout/full-page-status";
import { ResultCard } from "../../../components/layout/result-card";
import { ButtonLink } from "../../../components/ui/button";
import { loginReturningTo } from "../../../lib/next-path";
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
      <ResultCard tone="accent" icon={Gift} title="Sign in to redeem your gift">
        <p className="text-base text-olive-dark">New to Hey Dad? Create your account with the code. Already have one? Sign in and the gift is added to it.</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to="/signup" size="lg">
            Create account
          </ButtonLink>
          <ButtonLink to={loginReturningTo(`/activate-gift-code?giftcode=${encodeURIComponent(code)}`)} size="lg" variant="secondary">
            Sign in
          </ButtonLink>
        </div>
      </ResultCard>
    );
  }
  if (redeem.isError || !isWellFormedGiftCode(code)) {
    return <Failure message="This gift code may have expired, already been used, or is invalid." />;
  }
  if (!redeem.isSuccess) return <FullPageStatus>Redeeming your gift</FullPageStatus>;

  const months = redeem.data.months;
  return (
    <ResultCard tone="success" icon={CircleCheck} title="Gift Redeemed Successfully!">
      <p className="text-base text-olive-dark">
        {months === 12 ? "A year" : months === 1 ? "A month" : `${months} months`} of Hey Dad is yours. Time to record something for them.
      </p>
      <ButtonLink to="/dashboard" size="lg">
        Go to your dashboard
      </ButtonLink>
    </ResultCard>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <ResultCard tone="danger" icon={TriangleAlert} title="Unable to redeem gift">
      <p className="text-base text-olive-dark">{message}</p>
      <ButtonLink to="/dashboard" variant="secondary">
        Go to your dashboard
      </ButtonLink>
    </ResultCard>
  );
}
