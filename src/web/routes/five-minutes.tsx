import { findPublicPage } from "../../shared/public-pages";
import { FiveMinutesLanding } from "../features/marketing/components/five-minutes";
import { ReadsCarousel } from "../features/reads/components/reads-list";

function FiveMinutesPage({ path }: { path: "/five-minutes" | "/six-minutes" }) {
  return (
    <>
      <title>{findPublicPage(path)!.title}</title>
      <FiveMinutesLanding reads={<ReadsCarousel extraLink />} />
    </>
  );
}

export function FiveMinutesRoute() {
  return <FiveMinutesPage path="/five-minutes" />;
}

/** /six-minutes is /five-minutes with its own title (both addresses are in print and must keep working). */
export function SixMinutesRoute() {
  return <FiveMinutesPage path="/six-minutes" />;
}
