import { Check, Sparkles } from "lucide-react";
import { ARCHETYPE_STRENGTHS, DAD_DNA_COPY, DAD_DNA_QUESTIONS, dadDnaEffects } from "../../../../shared/dad-dna";
import { ARCHETYPE_DESCRIPTIONS, ARCHETYPE_LABELS, ARCHETYPES } from "../../../../shared/onboarding";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { type DadDnaView, useDadDna } from "../api/get-dad-dna";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });

/** The result page Dad can come back to: his archetype, his strengths, his mix, and what Pocket Dad does with it. */
export function DadDnaResult() {
  const dna = useDadDna();
  if (dna.isPending) return <div className="h-96 animate-pulse rounded-xl bg-sand-soft" aria-label="Loading" />;
  if (dna.isError) {
    return (
      <Alert title="We couldn't load your result.">
        <Button variant="secondary" onClick={() => void dna.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const result = dna.data.result;
  if (!result) {
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <h1 className="text-2xl font-bold tracking-tight">You haven't taken the {DAD_DNA_COPY.name} yet</h1>
        <p className="text-olive-dark">{DAD_DNA_COPY.banner}</p>
        <ButtonLink to="/dad-dna" variant="accent">
          Take the test
        </ButtonLink>
      </Card>
    );
  }
  return <ResultView result={result} />;
}

function ResultView({ result }: { result: DadDnaView }) {
  const label = ARCHETYPE_LABELS[result.archetype];
  const mix = [...ARCHETYPES].filter((archetype) => result.scores[archetype] > 0).sort((a, b) => result.scores[b] - result.scores[a]);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">Your Dad DNA</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">You're a {label}</h1>
        <p className="text-lg text-ink">{ARCHETYPE_DESCRIPTIONS[result.archetype]}</p>
        <p className="text-sm text-olive-dark">Taken on {formatDate(result.takenAt)}.</p>
      </header>

      <Card className="flex flex-col gap-3 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Your strengths</h2>
        <ul className="flex flex-col gap-2">
          {ARCHETYPE_STRENGTHS[result.archetype].map((strength) => (
            <li key={strength} className="flex gap-2">
              <Check className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              <span>{strength}</span>
            </li>
          ))}
        </ul>
      </Card>

      <Card className="flex flex-col gap-3 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Your mix</h2>
        <p className="text-sm text-olive-dark">Every dad is a bit of several. Here is how your {DAD_DNA_QUESTIONS.length} answers spread out.</p>
        <ul className="flex flex-col gap-3">
          {mix.map((archetype) => (
            <li key={archetype} className="flex flex-col gap-1">
              <div className="flex justify-between gap-3 text-sm">
                <span className="font-semibold">{ARCHETYPE_LABELS[archetype]}</span>
                <span className="text-olive-dark tabular-nums">
                  {result.scores[archetype]} of {DAD_DNA_QUESTIONS.length} answers
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-mist-soft" aria-hidden="true">
                <div className="h-full rounded-full bg-accent" style={{ width: `${(result.scores[archetype] / DAD_DNA_QUESTIONS.length) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </Card>

      <Card className="flex flex-col gap-3 p-5 sm:p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles className="size-5 text-accent-dark" aria-hidden="true" />
          What Pocket Dad will do with it
        </h2>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          {dadDnaEffects(result).map((effect) => (
            <li key={effect}>{effect}</li>
          ))}
        </ul>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/pocket-dad" size="lg">
          Open Pocket Dad
        </ButtonLink>
        <ButtonLink to="/dad-dna" variant="secondary" size="lg">
          Retake the test
        </ButtonLink>
      </div>
    </div>
  );
}
