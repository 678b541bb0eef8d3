import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { DAD_DNA_COPY, DAD_DNA_MINUTES, DAD_DNA_QUESTIONS, type DadDnaAnswers } from "../../../../shared/dad-dna";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextLink } from "../../../components/ui/text-link";
import { isApiError } from "../../../lib/api-client";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { lowerSessionFlag } from "../../../lib/session-flags";
import { userStorageKey } from "../../../lib/user-local-state";
import { useDadDna } from "../api/get-dad-dna";
import { useSubmitDadDna } from "../api/submit-dad-dna";

type Draft = { step: number; answers: DadDnaAnswers };
const EMPTY: Draft = { step: 0, answers: {} };
const LAST = DAD_DNA_QUESTIONS.length - 1;

/** Answers in progress are kept in this browser, so a reload or a phone call does not lose them. */
const draftKey = (userId: string) => userStorageKey("heydad.dadDnaDraft", userId);
function loadDraft(userId: string): Draft {
  try {
    const saved = JSON.parse(localStorage.getItem(draftKey(userId)) ?? "null") as Draft | null;
    if (!saved || typeof saved.step !== "number" || typeof saved.answers !== "object") return EMPTY;
    return { step: Math.min(Math.max(0, saved.step), LAST), answers: saved.answers };
  } catch {
    return EMPTY;
  }
}

/** The Dad DNA test: one question a screen, Back and Next, and the result page at the end. */
export function DadDnaTest({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const existing = useDadDna();
  const submit = useSubmitDadDna();
  const [draft, setDraft] = useState<Draft>(() => loadDraft(userId));
  // One id per set of answers: sending the same answers again is one result; changed answers are a new one.
  const submissionId = useRef(newIdempotencyKey());
  const legend = useRef<HTMLLegendElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    localStorage.setItem(draftKey(userId), JSON.stringify(draft));
  }, [draft, userId]);
  // After Back or Next, focus goes to the new question, so a screen reader reads it.
  useEffect(() => {
    if (moved.current) legend.current?.focus();
  }, [draft.step]);

  const question = DAD_DNA_QUESTIONS[draft.step];
  const picked = draft.answers[question.key];
  const last = draft.step === LAST;

  function choose(value: string) {
    submissionId.current = newIdempotencyKey();
    setDraft({ ...draft, answers: { ...draft.answers, [question.key]: value } });
  }
  function go(step: number) {
    moved.current = true;
    setDraft({ ...draft, step });
  }
  function finish() {
    submit.mutate(
      { submissionId: submissionId.current, answers: draft.answers },
      {
        onSuccess: () => {
          localStorage.removeItem(draftKey(userId));
          lowerSessionFlag("dadDnaBanner");
          void navigate("/dad-dna/result");
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">{DAD_DNA_COPY.name}</p>
        <p className="text-olive-dark">
          {DAD_DNA_QUESTIONS.length} questions, about {DAD_DNA_MINUTES}. There are no wrong answers: pick what you actually do, not what you think you should.
        </p>
        {existing.data?.result ? (
          <p className="text-sm text-olive-dark">
            You took it before. Finishing again replaces your result. <TextLink to="/dad-dna/result">See your result</TextLink>
          </p>
        ) : null}
      </header>

      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-3 text-sm">
          <p className="font-semibold text-olive-dark">{DAD_DNA_COPY.question(draft.step + 1, DAD_DNA_QUESTIONS.length)}</p>
          <p className="text-olive-dark">{question.section}</p>
        </div>
        <div className="h-1.5 overflow-hidden rounded-full bg-mist-soft" aria-hidden="true">
          <div className="h-full bg-accent transition-[width] motion-reduce:transition-none" style={{ width: `${((draft.step + 1) / DAD_DNA_QUESTIONS.length) * 100}%` }} />
        </div>
      </div>

      <fieldset className="flex flex-col gap-3" disabled={submit.isPending}>
        <legend ref={legend} tabIndex={-1} className="mb-1 text-2xl font-bold tracking-tight outline-none">
          {question.title}
        </legend>
        <p className="text-sm text-olive-dark">{DAD_DNA_COPY.pickOne}</p>
        <div className="flex flex-col gap-2">
          {question.choices.map((choice) => {
            const selected = picked === choice.value;
            return (
              <label
                key={choice.value}
                className={clsx(
                  "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-dark",
                  selected ? "border-ink bg-mist-soft" : "border-sand bg-white hover:border-olive",
                )}
              >
                <input
                  type="radio"
                  name={question.key}
                  value={choice.value}
                  checked={selected}
                  onChange={() => choose(choice.value)}
                  className="size-5 shrink-0 accent-ink"
                />
                <span>{choice.label}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {submit.isError ? <Alert>{isApiError(submit.error) && submit.error.status < 500 ? submit.error.message : DAD_DNA_COPY.saveError}</Alert> : null}
      <div className="flex gap-3">
        {draft.step > 0 ? (
          <Button variant="secondary" onClick={() => go(draft.step - 1)} disabled={submit.isPending}>
            Back
          </Button>
        ) : null}
        <Button className="flex-1" disabled={!picked} busy={submit.isPending} busyLabel="Working out your result…" onClick={() => (last ? finish() : go(draft.step + 1))}>
          {last ? DAD_DNA_COPY.finish : "Next"}
        </Button>
      </div>
    </div>
  );
}
