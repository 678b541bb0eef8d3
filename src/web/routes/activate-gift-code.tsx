import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { FullPageStatus } from "../components/layout/full-page-status";
import { useMe } from "../features/auth/api/get-me";
import { ActivateGiftCode } from "../features/gifts/components/activate-gift-code";

export function ActivateGiftCodeRoute() {
  const [searchParams] = useSearchParams();
  const me = useMe();
  return (
    <>
      <title>{`Redeeming your gift · ${PRODUCT_NAME}`}</title>
      {me.isPending ? <FullPageStatus>Redeeming your gift</FullPageStatus> : <ActivateGiftCode giftCode={searchParams.get("giftcode")} signedIn={Boolean(me.data)} />}
    </>
  );
}
