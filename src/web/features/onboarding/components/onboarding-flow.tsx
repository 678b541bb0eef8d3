import { clsx } from "clsx";
import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog, DialogClose } from "../../../components/ui/dialog";
import {
  COMPLETION_DELAY_MS,
  DEFAULT_ONBOARDING_ANSWERS,
  MAX_PICKS,
  MAX_PICKS_NOTICE_MS,
  ONBOARDING_COMPLETED_FLAG,
  ONBOARDING_COPY,
  ONBOARDING_QUESTIONS,
  type OnboardingAnswers,
  TEXT_MAX,
  TEXT_MIN,
} from "../../../../shared/onboarding";
import { trackEvent } from "../../../lib/analytics";
import { raiseSessionFlag } from "../../../lib/session-flags";
import { useOnboarding } from "../api/get-onboarding";
import { useSubmitOnboarding } from "../api/submit-onboarding";

type Draft = { [K in keyof OnboardingAnswers]: OnboardingAnswers[K] | (K extends "deescalation_first_move" | "legacy_anchor" ? string : string[]) };
const EMPTY: Draft = { parenting_style: [], deescalation_first_move: "", legacy_anchor: "", priority_help_types: [], advice_tone: [] };
export type OnboardingTarget = "dashboard" | "pocket-dad" | "settings";
const TARGET_PATHS: Record<OnboardingTarget, string> = { dashboard: "/dashboard", "pocket-dad": "/pocket-dad", settings: "/settings" };

/** Saved answers as a draft, keeping only the choices the screen offers (the skip defaults' 'balanced' is not one). */
function draftFrom(answers: OnboardingAnswers): Draft {
  const offered = (field: keyof OnboardingAnswers, picks: string[]) => {
    const question = ONBOARDING_QUESTIONS.find((q) => q.field === field);
    return question?.kind === "multi" ? picks.filter((p) => question.choices.some((c) => c.value === p)) : picks;
  };
  return {
    parenting_style: offered("parenting_style", answers.parenting_style),
    deescalation_first_move: answers.deescalation_first_move,
    legacy_anchor: answers.legacy_anchor,
    priority_help_types: offered("priority_help_types", answers.priority_help_types),
    advice_tone: offered("advice_tone", answers.advice_tone),
  };
}

/**
 * The five-step questionnaire. `then` is where to go when done. A dad who already answered it comes
 * back with `retake` (from Settings or his archetype badge): his answers are filled in to change, and
 * 'Keep my answers' leaves without saving; otherwise a completed questionnaire completes at once (spec).
 */
export function OnboardingFlow({ then, retake = false }: { then: OnboardingTarget; retake?: boolean }) {
  const state = useOnboarding();
  const submit = useSubmitOnboarding();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [maxNotice, setMaxNotice] = useState(false);
  const [skipOpen, setSkipOpen] = useState(false);
  const [done, setDone] = useState(false);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [prefilled, setPrefilled] = useState(false);
  if (retake && !prefilled && state.data) {
    setPrefilled(true);
    if (state.data.answers) setDraft(draftFrom(state.data.answers));
  }

  useEffect(() => trackEvent("onboarding_view"), []);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);
  useEffect(() => {
    if (!done) return;
    localStorage.setItem(ONBOARDING_COMPLETED_FLAG, "1");
    const timer = setTimeout(() => {
      trackEvent(then === "pocket-dad" ? "onboarding_complete_embedded" : then === "settings" ? "onboarding_complete_to_settings" : "onboarding_complete_to_dashboard");
      void navigate(TARGET_PATHS[then], { replace: true });
    }, COMPLETION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, then]);
  useEffect(() => {
    if (state.data?.completed && !retake) setDone(true);
  }, [state.data?.completed, retake]);

  if (state.isPending) return <div className="h-64 animate-pulse rounded-xl bg-sand-soft" aria-label="Loading" />;
  if (done) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 rounded-xl border border-sand-soft bg-paper-warm p-8 text-center">
        <Check className="size-8 text-success" aria-hidden="true" />
        <p className="text-xl font-semibold">{ONBOARDING_COPY.done}</p>
      </div>
    );
  }

  const question = ONBOARDING_QUESTIONS[step];
  const value = draft[question.field];
  const valid = question.kind === "multi" ? (value as string[]).length >= 1 && (value as string[]).length <= MAX_PICKS : (value as string).trim().length >= TEXT_MIN && (value as string).trim().length <= TEXT_MAX;
  const saving = submit.isPending;
  const last = step === ONBOARDING_QUESTIONS.length - 1;

  async function save(answers: OnboardingAnswers, skipped: boolean) {
    trackEvent("onboarding_submit", { skipped });
    await submit.mutateAsync({ answers, skipped }).then(
      () => {
        // Having answered the five questions, the Dad DNA test is the next step: the dashboard offers it.
        if (!skipped) raiseSessionFlag("dadDnaBanner");
        setDone(true);
      },
      () => undefined,
    );
  }

  function toggle(choice: string) {
    const picks = value as string[];
    if (picks.includes(choice)) return setDraft({ ...draft, [question.field]: picks.filter((p) => p !== choice) });
    if (picks.length >= MAX_PICKS) {
      setMaxNotice(true);
      clearTimeout(noticeTimer.current);
      noticeTimer.current = setTimeout(() => setMaxNotice(false), MAX_PICKS_NOTICE_MS);
      return;
    }
    trackEvent("onboarding_select", { question: question.key, choice });
    setDraft({ ...draft, [question.field]: [...picks, choice] });
    setTouched({ ...touched, [question.field]: true });
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold text-olive-dark">{ONBOARDING_COPY.step(step + 1)}</p>
        {retake ? (
          <ButtonLink variant="ghost" to={TARGET_PATHS[then]}>
            Keep my answers
          </ButtonLink>
        ) : (
          <Button variant="ghost" onClick={() => setSkipOpen(true)} disabled={saving}>
            {ONBOARDING_COPY.skipAll}
          </Button>
        )}
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-mist-soft" aria-hidden="true">
        <div className="h-full bg-accent transition-[width]" style={{ width: `${((step + 1) / ONBOARDING_QUESTIONS.length) * 100}%` }} />
      </div>
      <fieldset className="flex flex-col gap-3" disabled={saving}>
        <legend className="mb-3 text-2xl font-bold tracking-tight">{question.title}</legend>
        {question.kind === "multi" ? (
          <>
            <p className="text-sm text-olive-dark">Pick one or two.</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {question.choices.map((choice) => {
                const selected = (value as string[]).includes(choice.value);
                return (
                  <button
                    key={choice.value}
                    type="button"
                    role="checkbox"
                    aria-checked={selected}
                    onClick={() => toggle(choice.value)}
                    className={clsx("flex min-h-12 items-center gap-2 rounded-lg border px-4 text-left font-medium", selected ? "border-ink bg-mist-soft" : "border-sand bg-white hover:border-olive")}
                  >
                    <span className={clsx("inline-flex size-5 items-center justify-center rounded border", selected ? "border-ink bg-ink text-white" : "border-sand")}>
                      {selected ? <Check className="size-4" aria-hidden="true" /> : null}
                    </span>
                    {choice.label}
                  </button>
                );
              })}
            </div>
            <div aria-live="polite" className="min-h-5 text-sm">
              {maxNotice ? <p className="text-accent-dark">{ONBOARDING_COPY.maxPicks}</p> : null}
              {!maxNotice && touched[question.field] && !valid ? <p className="text-danger">{ONBOARDING_COPY.pickError}</p> : null}
            </div>
          </>
        ) : (
          <>
            <label htmlFor={`q-${question.key}`} className="sr-only">
              {question.title}
            </label>
            <textarea
              id={`q-${question.key}`}
              rows={3}
              maxLength={TEXT_MAX}
              value={value as string}
              placeholder={question.placeholder}
              onChange={(e) => setDraft({ ...draft, [question.field]: e.target.value })}
              onBlur={() => {
                setTouched({ ...touched, [question.field]: true });
                trackEvent("onboarding_text_input", { question: question.key, length: (value as string).trim().length });
              }}
              aria-invalid={touched[question.field] && !valid ? true : undefined}
              aria-describedby={`q-${question.key}-count`}
              className="w-full rounded-lg border border-sand bg-white px-3.5 py-2.5 text-base focus-visible:outline-3 focus-visible:outline-accent-dark"
            />
            <div className="flex justify-between gap-3 text-sm">
              <span className="text-danger" role={touched[question.field] && !valid ? "alert" : undefined}>
                {touched[question.field] && !valid ? ONBOARDING_COPY.textError : ""}
              </span>
              <span id={`q-${question.key}-count`} className="text-olive-dark tabular-nums">
                {(value as string).length}/{TEXT_MAX}
              </span>
            </div>
          </>
        )}
      </fieldset>
      {submit.isError ? <Alert>{ONBOARDING_COPY.saveError}</Alert> : null}
      <div className="flex gap-3">
        {step > 0 ? (
          <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={saving}>
            {ONBOARDING_COPY.back}
          </Button>
        ) : null}
        {valid ? (
          <Button
            className="flex-1"
            busy={saving}
            onClick={() => {
              trackEvent("onboarding_next_click", { step: step + 1 });
              if (last) void save(draft as OnboardingAnswers, false);
              else setStep(step + 1);
            }}
          >
            {last ? ONBOARDING_COPY.finish : ONBOARDING_COPY.next}
          </Button>
        ) : null}
      </div>
      <Dialog
        open={skipOpen}
        onOpenChange={setSkipOpen}
        title={ONBOARDING_COPY.skipTitle}
        description="Pocket Dad will start with balanced defaults. You can come back to these questions any time."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{ONBOARDING_COPY.stayHere}</Button>
            </DialogClose>
            <Button
              busy={saving}
              onClick={() => {
                trackEvent("onboarding_skip_all");
                setSkipOpen(false);
                void save(DEFAULT_ONBOARDING_ANSWERS, true);
              }}
            >
              {ONBOARDING_COPY.skipAll}
            </Button>
          </>
        }
      />
    </div>
  );
}
