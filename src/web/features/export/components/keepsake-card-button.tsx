import { Printer } from "lucide-react";
import { useId, useState } from "react";
import { cardQuestionSchema } from "../../../../shared/child-key";
import { keepsakeCardQuerySchema } from "../../../../shared/export";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { DialogButton, type DialogState } from "../../../components/ui/dialog-button";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { useCardQuestion, useSaveCardQuestion } from "../api/card-question";

/**
 * 'Keepsake card' on a child's card: a short line from Dad, his question only the child could answer (optional:
 * the family can also let the child in), a paper size, then the PDF.
 */
export function KeepsakeCardButton({ child }: { child: { id: string; name: string } }) {
  return (
    <DialogButton icon={Printer} label="Keepsake card" ariaLabel={`Keepsake card for ${child.name}`}>
      {(dialog) => <KeepsakeCardDialog child={child} {...dialog} />}
    </DialogButton>
  );
}

function KeepsakeCardDialog({ child, open, onOpenChange }: { child: { id: string; name: string } } & DialogState) {
  const [line, setLine] = useState("");
  const [question, setQuestion] = useState("");
  const [answer, setAnswer] = useState("");
  const [questionErrors, setQuestionErrors] = useState<{ question?: string; answer?: string }>({});
  const [size, setSize] = useState<"a6" | "letter">("a6");
  const sizeName = useId();
  const saved = useCardQuestion(child.id, open);
  const saveQuestion = useSaveCardQuestion(child.id);
  const parsed = keepsakeCardQuerySchema.safeParse({ line, size });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const href = `/api/children/${encodeURIComponent(child.id)}/keepsake-card?${new URLSearchParams({ size, line: line.trim() }).toString()}`;

  /** A typed question is saved first (its answer is kept only as a hash), then the PDF downloads. */
  async function download() {
    if (question.trim() || answer) {
      const checked = cardQuestionSchema.safeParse({ question, answer });
      if (!checked.success) {
        setQuestionErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path[0], issue.message])));
        return;
      }
      setQuestionErrors({});
      try {
        await saveQuestion.mutateAsync(checked.data);
      } catch {
        return;
      }
      setQuestion("");
      setAnswer("");
    }
    window.location.assign(href);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`A keepsake card for ${child.name}`}
      description={`A printable card to keep with important papers. One day ${child.name} scans it and reaches your messages: by answering your question, or when someone in the family approves.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button disabled={Boolean(error) || saveQuestion.isPending} onClick={() => void download()}>
            {saveQuestion.isPending ? "Saving..." : "Download PDF"}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <TextField label="A short line from you (optional)" value={line} maxLength={160} onChange={(event) => setLine(event.target.value)} error={error} hint="For example: “Everything I wanted to tell you is here.”" />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">A question only {child.name} could answer (optional)</legend>
          {saved.data ? <p className="text-sm text-olive-dark">The card asks: “{saved.data}” Type a new question to replace it.</p> : null}
          <TextField label="Your question" value={question} maxLength={200} onChange={(event) => setQuestion(event.target.value)} error={questionErrors.question} hint="For example: “What did I call you when you were little?”" />
          <TextField label="The answer" value={answer} maxLength={200} onChange={(event) => setAnswer(event.target.value)} autoComplete="off" error={questionErrors.answer} hint="Capitals, spaces and punctuation won't matter. It is stored so that nobody, not even us, can read it." />
          {saveQuestion.error ? <Alert title={isApiError(saveQuestion.error) ? saveQuestion.error.message : "We couldn't save the question. Please try again."} /> : null}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Paper size</legend>
          {(
            [
              ["a6", "A6 postcard (105 × 148 mm)"],
              ["letter", "US letter, to cut out"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-3 text-sm">
              <input type="radio" name={sizeName} value={value} checked={size === value} onChange={() => setSize(value)} className="size-5 accent-ink" />
              {label}
            </label>
          ))}
        </fieldset>
      </div>
    </Dialog>
  );
}
