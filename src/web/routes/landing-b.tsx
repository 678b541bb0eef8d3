import { findPublicPage } from "../../shared/public-pages";
import { LandingB } from "../features/marketing/components/landing-b";
import { ReadsCarousel } from "../features/reads/components/reads-list";

export function LandingBRoute() {
  return (
    <>
      <title>{findPublicPage("/b")!.title}</title>
      <LandingB reads={<ReadsCarousel />} />
    </>
  );
}
