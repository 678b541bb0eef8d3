import { Heart, RotateCcw, Video } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { type Intensity, INTENSITIES, POCKET_DAD_COPY, type PocketDadAnswer } from "../../../../shared/pocket-dad";
import type { PocketDadChild } from "../api/get-pocket-dad-context";
import { ChildAvatar } from "./child-cards";

type Props = {
  answer: PocketDadAnswer;
  child: PocketDadChild | null;
  intensity: Intensity;
  loading: boolean;
  liked: boolean;
  likePending: boolean;
  onStep: (direction: "softer" | "firmer") => void;
  onRetry: () => void;
  onLike: () => void;
  onRecordLater: () => void;
};

export function AnswerCard(props: Props) {
  const [whyOpen, setWhyOpen] = useState(false);
  const { answer } = props;
  return (
    <Card className="flex flex-col gap-4 p-5" aria-busy={props.loading || undefined}>
      {props.child ? (
        <div className="flex items-center gap-3 border-b border-sand-soft pb-3">
          <ChildAvatar name={props.child.name} />
          <div className="min-w-0">
            <p className="font-semibold">{props.child.name}</p>
            <p className="truncate text-sm text-olive-dark">
              {props.child.ageLabel}
              {props.child.profileNote ? ` · ${props.child.profileNote}` : ""}
            </p>
          </div>
        </div>
      ) : null}
      <section aria-labelledby="say-this">
        <h2 id="say-this" className="text-sm font-semibold tracking-wide text-olive-dark uppercase">
          {POCKET_DAD_COPY.say}
        </h2>
        <p className="mt-1 text-lg leading-relaxed font-medium" data-testid="say-this">
          “{answer.say}”
        </p>
      </section>
      <section aria-labelledby="then-do-this">
        <h2 id="then-do-this" className="text-sm font-semibold tracking-wide text-olive-dark uppercase">
          {POCKET_DAD_COPY.do}
        </h2>
        <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
          {answer.doItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="why-it-works">
        <h2 id="why-it-works" className="text-sm font-semibold tracking-wide text-olive-dark uppercase">
          {POCKET_DAD_COPY.why}
        </h2>
        <button type="button" className="mt-1 min-h-11 text-sm font-semibold underline underline-offset-2 sm:hidden" aria-expanded={whyOpen} onClick={() => setWhyOpen(!whyOpen)}>
          {whyOpen ? "Hide" : POCKET_DAD_COPY.tapToExpand}
        </button>
        <p className={`mt-1 whitespace-pre-line text-ink-soft ${whyOpen ? "" : "hidden sm:block"}`}>{answer.why}</p>
      </section>
      <div className="flex flex-wrap items-center gap-2 border-t border-sand-soft pt-3">
        <Button variant="secondary" onClick={() => props.onStep("softer")} disabled={props.loading || props.intensity === INTENSITIES[0]}>
          Softer
        </Button>
        <Button variant="secondary" onClick={() => props.onStep("firmer")} disabled={props.loading || props.intensity === INTENSITIES[INTENSITIES.length - 1]}>
          Firmer
        </Button>
        <Button variant="ghost" onClick={props.onRetry} disabled={props.loading} aria-label="Ask again">
          <RotateCcw className="size-5" aria-hidden="true" /> Retry
        </Button>
        <Button
          variant="ghost"
          onClick={props.onLike}
          disabled={props.liked || props.likePending || props.loading}
          aria-pressed={props.liked}
          aria-label={props.liked ? "Liked" : "Like this answer"}
        >
          <Heart className={`size-5 ${props.liked ? "fill-danger text-danger" : ""}`} aria-hidden="true" /> {props.liked ? "Liked" : "Like"}
        </Button>
      </div>
      <Button variant="accent" onClick={props.onRecordLater} disabled={props.loading}>
        <Video className="size-5" aria-hidden="true" /> {POCKET_DAD_COPY.recordLater}
      </Button>
    </Card>
  );
}
