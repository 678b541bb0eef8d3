import { type FormEvent, useState } from "react";
import { DAD_NAME_CHOICES, DAD_NAME_COPY, dadNameSchema } from "../../../../shared/dad-name";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { useDadName, useSaveDadName } from "../api/dad-name";

const OWN_WORD = "own";
const isChoice = (name: string) => (DAD_NAME_CHOICES as readonly string[]).includes(name);

/** Settings › Family delivery: what his children call him (Dad, Papa, Daddy or his own word), the name his family's pages and emails use. */
export function DadNameSetting() {
  const current = useDadName();
  if (current.isPending) return <div className="h-28 animate-pulse rounded-xl bg-sand-soft motion-reduce:animate-none" aria-label={`Loading ${DAD_NAME_COPY.label}`} />;
  // Without it, the rest of Family delivery still works: the family keeps seeing the name saved before.
  if (current.isError) return null;
  return <DadNameForm saved={current.data.dadName} />;
}

function DadNameForm({ saved }: { saved: string }) {
  const save = useSaveDadName();
  const [choice, setChoice] = useState(isChoice(saved) ? saved : OWN_WORD);
  const [ownWord, setOwnWord] = useState(isChoice(saved) ? "" : saved);
  const [error, setError] = useState<string | null>(null);
  const chosen = choice === OWN_WORD ? ownWord : choice;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = dadNameSchema.safeParse({ dadName: chosen });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      toast.success(DAD_NAME_COPY.saved);
    } catch (cause) {
      toast.error(cause instanceof Error ? cause.message : DAD_NAME_COPY.saveFailed);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" aria-labelledby="dad-name-title">
      <fieldset className="flex flex-col gap-2" aria-describedby="dad-name-what">
        <legend id="dad-name-title" className="mb-1 text-base font-semibold">
          {DAD_NAME_COPY.label}
        </legend>
        <div className="flex flex-wrap gap-2">
          {[...DAD_NAME_CHOICES, OWN_WORD].map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-sand px-3 py-2 has-[:checked]:border-ink has-[:checked]:bg-mist-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-dark"
            >
              <input type="radio" name="dad-name" value={value} checked={choice === value} onChange={() => {
                  setChoice(value);
                  setError(null);
                }} className="size-4 accent-ink" />
              {value === OWN_WORD ? DAD_NAME_COPY.ownWord : value}
            </label>
          ))}
        </div>
        <p id="dad-name-what" className="text-sm text-olive-dark">
          {DAD_NAME_COPY.explanation}
        </p>
      </fieldset>
      {choice === OWN_WORD ? (
        <TextField label={DAD_NAME_COPY.ownWordLabel} value={ownWord} maxLength={60} onChange={(event) => setOwnWord(event.target.value)} error={error} containerClassName="max-w-xs" />
      ) : null}
      <Button type="submit" variant="secondary" className="self-start" disabled={save.isPending || chosen.trim() === saved}>
        Save
      </Button>
    </form>
  );
}
