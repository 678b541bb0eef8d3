import { Dna } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { DAD_DNA_COPY, DAD_DNA_MINUTES, DAD_DNA_QUESTIONS } from "../../../../shared/dad-dna";
import { ARCHETYPE_LABELS, ARCHETYPES } from "../../../../shared/onboarding";
import { ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useDadDna } from "../api/get-dad-dna";

export const DAD_DNA_SECTION_ID = "dad-dna";

/** /pricing#dad-dna: what the Dad DNA test is, what it gives, what it costs, and the way in. */
export function DadDnaDetails({ signedIn }: { signedIn: boolean }) {
  const dna = useDadDna({ enabled: signedIn });
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The page is drawn after the route loads, so the browser's own jump to the anchor finds nothing.
  useEffect(() => {
    if (hash === `#${DAD_DNA_SECTION_ID}`) section.current?.scrollIntoView({ block: "start" });
  }, [hash]);

  const taken = Boolean(dna.data?.result);
  return (
    <section ref={section} id={DAD_DNA_SECTION_ID} aria-labelledby="dad-dna-heading" className="mx-auto w-full max-w-md scroll-mt-24 px-4 pb-12 sm:px-6">
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 id="dad-dna-heading" className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <Dna className="size-6 shrink-0 text-accent-dark" aria-hidden="true" />
          The {DAD_DNA_COPY.name}
        </h2>
        <p>
          {DAD_DNA_QUESTIONS.length} questions about your everyday moments, the hard ones, how you talk and what you're building, about {DAD_DNA_MINUTES}. They go
          further than the five setup questions.
        </p>
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">What you get</h3>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            <li>The kind of dad you are, out of six: {ARCHETYPES.map((archetype) => ARCHETYPE_LABELS[archetype]).join(", ")}.</li>
            <li>Your strengths, and how your answers spread across all six.</li>
            <li>A Pocket Dad tuned to you: the tone it starts in, how firm it is, and the kind of dad it coaches.</li>
            <li>A result page you can come back to, and retake whenever you like.</li>
          </ul>
        </div>
        <p className="text-sm text-olive-dark">Included in every plan and in your free month. Nothing extra to pay.</p>
        {!signedIn ? (
          <ButtonLink to="/signup" variant="accent" className="self-start">
            Start your free trial
          </ButtonLink>
        ) : taken ? (
          <ButtonLink to="/dad-dna/result" variant="secondary" className="self-start">
            See your result
          </ButtonLink>
        ) : dna.isSuccess ? (
          <ButtonLink to="/dad-dna" variant="accent" className="self-start">
            Take the test
          </ButtonLink>
        ) : null}
      </Card>
    </section>
  );
}
