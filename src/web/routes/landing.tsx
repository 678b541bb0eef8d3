import { lazy, Suspense, use, useEffect, useState } from "react";
import { findPublicPage } from "../../shared/public-pages";
import { LandingB } from "../features/marketing/components/landing-b";
import { LandingHero } from "../features/marketing/components/landing-hero";
import { LaunchCapture } from "../features/marketing/components/launch-capture";
import { getLandingVariant, LandingVariantContext, logAssignment } from "../lib/experiment";

// Everything under the first screen loads in its own chunk, after the hero has painted.
const LandingBelowFold = lazy(() => import("./landing-below-fold"));
const ReadsCarousel = lazy(() => import("../features/reads/components/reads-list").then((module) => ({ default: module.ReadsCarousel })));

/** /: the visitor's experiment variant — A, the main landing page, or B, the /b page. */
export function LandingRoute() {
  const prerenderedAs = use(LandingVariantContext);
  const [variant] = useState(() => prerenderedAs ?? getLandingVariant());
  useEffect(() => void logAssignment(variant), [variant]);

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
