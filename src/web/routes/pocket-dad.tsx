import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { useMe } from "../features/auth/api/get-me";
import { PocketDadScreen } from "../features/pocket-dad/components/pocket-dad-screen";

/** /pocket-dad (guests may look) and /say-this (sign-in required). */
export function PocketDadRoute() {
  const me = useMe();
  return (
    <>
      <title>{`Pocket Dad · ${PRODUCT_NAME}`}</title>
      <PageContainer width="narrow" className="sm:max-w-2xl">
        <PocketDadScreen userId={me.data?.user.id ?? null} />
      </PageContainer>
    </>
  );
}
