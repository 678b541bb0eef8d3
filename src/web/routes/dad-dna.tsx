import { PRODUCT_NAME } from "../../shared/copy";
import { DAD_DNA_COPY } from "../../shared/dad-dna";
import { PageContainer } from "../components/layout/page-container";
import { useMe } from "../features/auth/api/get-me";
import { DadDnaResult } from "../features/dad-dna/components/dad-dna-result";
import { DadDnaTest } from "../features/dad-dna/components/dad-dna-test";

export function DadDnaRoute() {
  const me = useMe();
  return (
    <>
      <title>{`${DAD_DNA_COPY.name} · ${PRODUCT_NAME}`}</title>
      <PageContainer width="narrow" className="sm:max-w-xl">
        <h1 className="sr-only">{DAD_DNA_COPY.name}</h1>
        {me.data ? <DadDnaTest userId={me.data.user.id} /> : null}
      </PageContainer>
    </>
  );
}

export function DadDnaResultRoute() {
  return (
    <>
      <title>{`Your Dad DNA · ${PRODUCT_NAME}`}</title>
      <PageContainer width="narrow" className="sm:max-w-xl">
        <DadDnaResult />
      </PageContainer>
    </>
  );
}
