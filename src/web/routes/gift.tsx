import { PRODUCT_NAME } from "../../shared/copy";
import { GiftLanding } from "../features/gifts/components/gift-landing";

export function GiftRoute() {
  return (
    <>
      <title>{`Gift Dad a subscription · ${PRODUCT_NAME}`}</title>
      <GiftLanding />
    </>
  );
}
