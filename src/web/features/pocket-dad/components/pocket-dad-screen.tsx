import { clsx } from "clsx";
import { CircleHelp } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { PRODUCT_NAME } from "../../../../shared/copy";
import { ARCHETYPE_LABELS, type Archetype, ONBOARDING_COMPLETED_FLAG } from "../../../../shared/onboarding";
import { PocketDadHowItWorksDialog } from "../../../components/layout/pocket-dad-how-it-works-dialog";
import { POCKET_DAD_COPY, PROMPT_MAX_LENGTH, TONE_LABELS, TONES } from "../../../../shared/pocket-dad";
import { trackEvent } from "../../../lib/analytics";
import { type PocketDadContext, usePocketDadContext } from "../api/get-pocket-dad-context";
import { loadPocketDadSession, markTuneOverlayShown, PLAIN_SCRIPT, tuneOverlayDue } from "../pocket-dad-storage";
import { AnswerCard } from "./answer-card";
import { SituationChoices } from "./situation-choices";
import { ArchetypeBadge } from "./archetype-badge";
import { ChildCards } from "./child-cards";
import { RecordLaterDialog } from "./record-later-dialog";
import { useTextLine } from "./text-line";
import { usePocketDad } from "./use-pocket-dad";

const GUEST_CONTEXT: PocketDadContext = { children: [], preferences: { tone: "direct", tone_intensity: "baseline" }, quizResult: null, archetypeSource: null, onboardingCompleted: true };

/** Pocket Dad: the whole coaching screen. Guests (userId null) see it read-only. */
export function PocketDadScreen({ userId }: { userId: string | null }) {
  const context = usePocketDadContext(Boolean(userId));
  useEffect(() => trackEvent("pd_view", { signed_in: Boolean(userId) }), [userId]);

  if (userId && context.isPending) return <PocketDadSkeleton />;
  if (userId && context.isError) {
    return (
      <div className="flex flex-col gap-3">
        <Alert title={POCKET_DAD_COPY.genericError}>{context.error.message}</Alert>
        <Button variant="secondary" onClick={() => void context.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return <PocketDadTool key={userId ?? "guest"} userId={userId} context={context.data ?? GUEST_CONTEXT} />;
}

function PocketDadTool({ userId, context }: { userId: string | null; context: PocketDadContext }) {
  const guest = !userId;
  const remembered = userId ? loadPocketDadSession(userId).lastChildId : null;
  const firstChildId = context.children.find((c) => c.id === remembered)?.id ?? context.children[0]?.id ?? null;
  const pd = usePocketDad({ userId, initialTone: context.preferences.tone, initialIntensity: context.preferences.tone_intensity, initialChildId: firstChildId });
  const [prompt, setPrompt] = useState(() => pd.entry?.prompt ?? "");
  const [helpOpen, setHelpOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const [recordLaterOpen, setRecordLaterOpen] = useState(false);
  const textLine = useTextLine();
  const onboardingDone = context.onboardingCompleted || localStorage.getItem(ONBOARDING_COMPLETED_FLAG) === "1";
  // Until the questionnaire is done or skipped, but at most once a day.
  const [tuneOpen, setTuneOpen] = useState(() => Boolean(userId) && !onboardingDone && tuneOverlayDue(userId!));
  useEffect(() => {
    if (tuneOpen && userId) markTuneOverlayShown(userId);
  }, [tuneOpen, userId]);
  const child = context.children.find((c) => c.id === pd.childId) ?? null;
  const loading = pd.status === "loading";
  const archetype = context.quizResult && context.quizResult in ARCHETYPE_LABELS ? (context.quizResult as Archetype) : null;

  const guard = () => {
    if (guest) setSignInOpen(true);
    return guest;
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (guard()) return;
    void pd.submit(prompt);
  };

  return (
    <div className="flex flex-col gap-6">
      {/* The archetype pill goes under the title when both do not fit on one line (360 px), never squeezing it onto two. */}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">{POCKET_DAD_COPY.eyebrow}</p>
          <div className="flex items-center gap-1">
            <h1 className="text-3xl font-bold tracking-tight whitespace-nowrap">{POCKET_DAD_COPY.title}</h1>
            <button type="button" onClick={() => setHelpOpen(true)} aria-label={POCKET_DAD_COPY.helpTitle} className="inline-flex size-11 items-center justify-center rounded-lg text-olive-dark hover:bg-mist-soft">
              <CircleHelp className="size-5" aria-hidden="true" />
            </button>
          </div>
          <p className="text-olive-dark">{POCKET_DAD_COPY.tagline}</p>
        </div>
        {archetype ? <ArchetypeBadge archetype={archetype} source={context.archetypeSource ?? "onboarding"} /> : null}
      </header>

      <ChildCards children={context.children} selectedId={pd.childId} onSelect={(id) => !guard() && pd.selectChild(id)} signedIn={!guest} />

      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="pd-prompt" className="font-semibold">
            {POCKET_DAD_COPY.promptLabel}
          </label>
          <textarea
            id="pd-prompt"
            rows={4}
            maxLength={PROMPT_MAX_LENGTH}
            readOnly={guest}
            value={prompt}
            placeholder="e.g. He screams every time the tablet goes off."
            onFocus={() => guard()}
            onChange={(e) => setPrompt(e.target.value)}
            className="w-full rounded-lg border border-sand bg-white px-3.5 py-2.5 text-base focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
          />
        </div>
        <div role="radiogroup" aria-label="Tone" className="grid grid-cols-3 gap-2">
          {TONES.map((tone) => (
            <button
              key={tone}
              type="button"
              role="radio"
              aria-checked={pd.tone === tone}
              disabled={loading}
              onClick={() => !guard() && pd.changeTone(tone)}
              className={clsx("min-h-11 rounded-lg border text-sm font-semibold transition-colors", pd.tone === tone ? "border-ink bg-ink text-white" : "border-sand bg-white hover:border-olive")}
            >
              {TONE_LABELS[tone]}
            </button>
          ))}
        </div>
        <Button type="submit" size="lg" busy={loading} busyLabel={POCKET_DAD_COPY.submitting}>
          {POCKET_DAD_COPY.submit}
        </Button>
      </form>

      {pd.status === "error" && pd.error ? (
        <div className="flex flex-col gap-2">
          <Alert>{pd.error}</Alert>
          {pd.error !== POCKET_DAD_COPY.blankPrompt ? (
            <Button variant="secondary" onClick={() => void pd.retry()}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}

      {loading && !pd.entry ? <AnswerSkeleton /> : null}
      {pd.entry && pd.status !== "error" ? (
        <AnswerCard
          // A new answer closes an open editor: it was for the line it replaced.
          key={pd.entry.responseId}
          answer={pd.entry.answer}
          meta={pd.entry.meta ?? PLAIN_SCRIPT}
          variant={pd.variant}
          child={child}
          intensity={pd.intensity}
          loading={loading}
          liked={pd.entry.liked}
          likePending={pd.likePending}
          onStep={(direction) => !guard() && pd.stepIntensity(direction)}
          onVariant={(variant) => !guard() && pd.changeVariant(variant)}
          onText={() => void textLine.copy(pd.entry!.answer.say)}
          onSaveSay={pd.saveSay}
          edited={Boolean(pd.entry.edited)}
          onRetry={() => void pd.retry()}
          onLike={() => !guard() && void pd.like()}
          onRecordLater={() => setRecordLaterOpen(true)}
        />
      ) : null}
      {pd.entry && pd.status !== "error" && pd.entry.meta?.kind === "general" ? (
        <SituationChoices choices={pd.entry.meta.choices ?? []} disabled={loading} onChoose={(id) => !guard() && pd.chooseSituation(id)} />
      ) : null}

      <p className="text-center text-sm text-olive-dark">Powered by {PRODUCT_NAME} AI</p>

      <PocketDadHowItWorksDialog open={helpOpen} onOpenChange={setHelpOpen} />
      {textLine.dialog}
      <Dialog
        open={signInOpen}
        onOpenChange={setSignInOpen}
        title="Sign in to use Pocket Dad"
        description="Pocket Dad is part of your Hey Dad account. Your first month is free, no card needed."
        footer={
          <>
            <ButtonLink to="/login" variant="secondary">
              Log in
            </ButtonLink>
            <ButtonLink to="/signup">Start your free trial</ButtonLink>
          </>
        }
      />
      {pd.entry && recordLaterOpen ? (
        <RecordLaterDialog
          open
          onOpenChange={setRecordLaterOpen}
          say={pd.entry.answer.say}
          childId={pd.childId}
          tone={pd.tone}
          intensity={pd.intensity}
        />
      ) : null}
      {tuneOpen ? (
        <Dialog open onOpenChange={setTuneOpen} title="Tune Pocket Dad to you" description={POCKET_DAD_COPY.helpHint}
          footer={
            <>
              <Button variant="secondary" onClick={() => setTuneOpen(false)}>
                Not now
              </Button>
              <ButtonLink to="/onboarding?then=pocket-dad">Answer 5 questions</ButtonLink>
            </>
          }
        >
          <p className="text-[0.9375rem]">Two minutes now, and every answer sounds more like you.</p>
        </Dialog>
      ) : null}
    </div>
  );
}

function AnswerSkeleton() {
  return (
    <div className="flex animate-pulse flex-col gap-3 rounded-xl border border-sand-soft p-5" aria-hidden="true">
      <div className="h-4 w-24 rounded bg-sand-soft" />
      <div className="h-6 w-full rounded bg-sand-soft" />
      <div className="h-4 w-3/4 rounded bg-sand-soft" />
      <div className="h-4 w-2/3 rounded bg-sand-soft" />
    </div>
  );
}

function PocketDadSkeleton() {
  return (
    <div className="flex animate-pulse flex-col gap-5" aria-busy="true" aria-label="Loading Pocket Dad">
      <div className="h-10 w-48 rounded bg-sand-soft" />
      <div className="flex gap-3">
        <div className="h-16 w-44 rounded-xl bg-sand-soft" />
        <div className="h-16 w-44 rounded-xl bg-sand-soft" />
      </div>
      <div className="h-28 w-full rounded-lg bg-sand-soft" />
      <div className="h-12 w-full rounded-lg bg-sand-soft" />
    </div>
  );
}
