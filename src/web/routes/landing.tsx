import { lazy, Suspense, use, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { findPublicPage } from "../../shared/public-pages";
import { LandingB } from "../features/marketing/components/landing-b";
import { LandingHero } from "../features/marketing/components/landing-hero";
import { LaunchCapture } from "../features/marketing/components/launch-capture";
import { getLandingVariant, LandingVariantContext, logAssignment } from "../lib/experiment";

// Everything under the first screen loads in its own chunk, after the hero has painted.
const LandingBelowFold = lazy(() => import("./landing-below-fold"));
const ReadsCarousel = lazy(() => import("../features/reads/components/reads-list").then((module) => ({ default: module.ReadsCarousel })));

/** The sections the header and footer link to (/#how-it-works …): only the main page has them. */
const MAIN_PAGE_SECTIONS = new Set(["#how-it-works", "#benefits", "#pricing"]);

/**
 * /: the visitor's experiment variant — A, the main landing page, or B, the /b page. A visitor on
 * B who follows a link to one of the main page's sections gets the main page, so every header and
 * footer link lands somewhere. Switched after the first render: the prerendered HTML is the variant's.
 */
export function LandingRoute() {
  const prerenderedAs = use(LandingVariantContext);
  const [assigned] = useState(() => prerenderedAs ?? getLandingVariant());
  useEffect(() => void logAssignment(assigned), [assigned]);
  const { hash } = useLocation();
  const [sectionAsked, setSectionAsked] = useState(false);
  useEffect(() => {
    if (MAIN_PAGE_SECTIONS.has(hash)) setSectionAsked(true);
  }, [hash]);
  const variant = sectionAsked ? "A" : assigned;

  return (
    <>
      <title>{findPublicPage("/")!.title}</title>
      {variant === "B" ? (
        <LandingB
          reads={
            <Suspense fallback={null}>
              <ReadsCarousel />
            </Suspense>
          }
        />
      ) : (
        <>
          <LandingHero />
          <LaunchCapture />
          <Suspense fallback={<div className="min-h-screen" />}>
            <LandingBelowFold />
          </Suspense>
        </>
      )}
    </>
  );
}
