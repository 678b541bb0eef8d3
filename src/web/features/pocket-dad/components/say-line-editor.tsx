import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { fieldDescribedBy, FieldFrame } from "../../../components/ui/text-field";
import { editSaySchema, POCKET_DAD_COPY, SAY_MAX_LENGTH } from "../../../../shared/pocket-dad";
import { isApiError } from "../../../lib/api-client";

const HINT = "Text and 'Record a message for later' will use your words.";

/**
 * 'Edit': the line Dad is about to say becomes a text box where it stands, focused with the cursor at its end.
 * Save (or Ctrl/⌘+Enter) keeps his words; Cancel (or Escape) leaves the line as it was. A problem shows beside the field.
 */
export function SayLineEditor(props: { say: string; onSave: (say: string) => Promise<void>; onClose: () => void }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(props.say);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const box = field.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  async function save() {
    const parsed = editSaySchema.safeParse({ say: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? POCKET_DAD_COPY.editError);
    setSaving(true);
    try {
      await props.onSave(parsed.data.say);
    } catch (cause) {
      setError(isApiError(cause) && cause.status < 500 ? cause.message : POCKET_DAD_COPY.editError);
      setSaving(false);
    }
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape" && !saving) {
      event.preventDefault();
      props.onClose();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  }

  return (
    <form
      className="mt-1 flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FieldFrame id={id} label={POCKET_DAD_COPY.editLabel} hint={HINT} error={error}>
        <textarea
          ref={field}
          id={id}
          rows={4}
          maxLength={SAY_MAX_LENGTH}
          value={value}
          readOnly={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, HINT, error)}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          data-testid="say-editor"
          className={`w-full rounded-lg border bg-white px-3.5 py-2.5 text-lg leading-relaxed font-medium focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark ${error ? "border-danger" : "border-sand hover:border-olive"}`}
        />
      </FieldFrame>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={saving}>
          {POCKET_DAD_COPY.editSave}
        </Button>
        <Button variant="secondary" onClick={props.onClose} disabled={saving}>
          {POCKET_DAD_COPY.editCancel}
        </Button>
      </div>
    </form>
  );
}
