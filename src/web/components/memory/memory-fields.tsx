import { clsx } from "clsx";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import type { TextareaHTMLAttributes } from "react";
import { RELEASE_EARLY_HINT, RELEASE_EARLY_LABEL } from "../../../shared/memories";
import type { UnlockType } from "../../../shared/unlock-rules";
import type { FieldErrors } from "../../lib/form-errors";
import { FieldError, FieldFrame, fieldDescribedBy, TextField } from "../ui/text-field";
import { UnlockRuleFields } from "./unlock-rule-fields";

/** The fields every memory has, as a form holds them (inputs' text). */
export type MemoryFieldValues = {
  title: string;
  notes: string;
  childIds: string[];
  unlockType: UnlockType;
  unlockAge: string;
  unlockDate: string;
  unlockMilestone: string;
  /** 'Release early if something happens to me' (a draft saved before it existed has none: off). */
  releaseEarly?: boolean;
};

export const EMPTY_MEMORY_FIELDS: MemoryFieldValues = { title: "", notes: "", childIds: [], unlockType: "now", unlockAge: "", unlockDate: "", unlockMilestone: "", releaseEarly: false };

/** The form's text as the shared memory schema reads it (an empty age is 'missing', not 0). */
export function memoryFieldsInput(values: MemoryFieldValues) {
  return {
    title: values.title,
    notes: values.notes,
    childIds: values.childIds,
    unlockType: values.unlockType,
    unlockAge: values.unlockType === "age" && values.unlockAge.trim() !== "" ? Number(values.unlockAge) : null,
    unlockDate: values.unlockType === "date" ? values.unlockDate || null : null,
    unlockMilestone: values.unlockType === "milestone" ? values.unlockMilestone : null,
    releaseEarly: values.releaseEarly ?? false,
  };
}

/** The children to pick from, and how loading them went (each feature passes its own query). */
export type ChildChoices = { options: Array<{ id: string; name: string }> | undefined; status: ReactNode };

/**
 * Title, notes, the children it is for and when it unlocks: one set of fields for recording a
 * narration, a quick note or a video, for editing any memory, and for Pocket Dad's plan to record
 * later (its title and unlock rule only: no `childChoices`, `notes={false}`, `releaseEarly={false}`). Each field shows its own message.
 */
export function MemoryFields({
  values,
  errors,
  onChange,
  childChoices,
  idPrefix,
  titleExtra,
  titlePlaceholder,
  notes = true,
  notesPlaceholder,
  notesRows = 3,
  unlockTypes,
  milestoneHint,
  releaseEarly = true,
}: {
  values: MemoryFieldValues;
  errors: FieldErrors;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  /** The children to choose from; without it the memory's children are decided elsewhere. */
  childChoices?: ChildChoices;
  idPrefix: string;
  titleExtra?: ReactNode;
  titlePlaceholder?: string;
  notes?: boolean;
  notesPlaceholder?: string;
  notesRows?: number;
  unlockTypes?: readonly UnlockType[];
  /** Replaces the milestone field's hint (null: none). */
  milestoneHint?: string | null;
  /** Offer 'Release early if something happens to me' (a memory's own choice; not a plan to record later). */
  releaseEarly?: boolean;
}) {
  const titleId = `${idPrefix}-title`;
  const childrenErrorId = `${idPrefix}-children-error`;
  const releaseId = `${idPrefix}-release-early`;
  return (
    <>
      <div className="flex flex-col gap-2">
        <TextField
          id={titleId}
          label="Title"
          value={values.title}
          maxLength={200}
          error={errors.title}
          onChange={(event) => onChange({ title: event.target.value })}
          placeholder={titlePlaceholder}
        />
        {titleExtra}
      </div>
      {notes ? (
        <TextArea
          id={`${idPrefix}-notes`}
          label="Notes"
          rows={notesRows}
          maxLength={10_000}
          error={errors.notes}
          value={values.notes}
          onChange={(event) => onChange({ notes: event.target.value })}
          placeholder={notesPlaceholder}
        />
      ) : null}
      {childChoices ? <ChildPicker values={values} errors={errors} onChange={onChange} childChoices={childChoices} errorId={childrenErrorId} /> : null}
      <UnlockRuleFields
        values={values}
        errors={errors}
        onChange={onChange}
        idPrefix={idPrefix}
        types={unlockTypes}
        milestoneHint={milestoneHint}
      />
      {releaseEarly ? (
        <div className="flex items-start gap-3">
          <input
            id={releaseId}
            type="checkbox"
            checked={values.releaseEarly ?? false}
            onChange={(event) => onChange({ releaseEarly: event.target.checked })}
            aria-describedby={`${releaseId}-hint`}
            className="mt-0.5 size-6 shrink-0 cursor-pointer accent-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-dark"
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor={releaseId} className="cursor-pointer text-base font-medium text-ink">
              {RELEASE_EARLY_LABEL}
            </label>
            <p id={`${releaseId}-hint`} className="text-sm text-olive-dark">
              {RELEASE_EARLY_HINT}
            </p>
          </div>
        </div>
      ) : null}
    </>
  );
}

function ChildPicker({
  values,
  errors,
  onChange,
  childChoices,
  errorId: childrenErrorId,
}: {
  values: MemoryFieldValues;
  errors: FieldErrors;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  childChoices: ChildChoices;
  errorId: string;
}) {
  return (
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.childIds ? childrenErrorId : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-ink">Who is it for?</legend>
        {childChoices.status}
        <div className="flex flex-wrap gap-2">
          {childChoices.options?.map((child) => {
            const checked = values.childIds.includes(child.id);
            return (
              <label
                key={child.id}
                className={clsx(
                  "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-base transition-colors",
                  "focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-accent-dark",
                  checked ? "border-ink bg-ink text-white" : "border-sand bg-white text-ink hover:border-olive",
                )}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  onChange={() => onChange({ childIds: checked ? values.childIds.filter((id) => id !== child.id) : [...values.childIds, child.id] })}
                />
                {checked ? <Check className="size-4" aria-hidden="true" /> : null}
                {child.name}
              </label>
            );
          })}
        </div>
        {errors.childIds ? <FieldError id={childrenErrorId}>{errors.childIds}</FieldError> : null}
      </fieldset>
  );
}

/** A labelled textarea with its hint and its own message, linked for screen readers (as TextField does). */
export function TextArea({ id, label, hint, error, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; hint?: ReactNode; error?: string }) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error)}
        className={clsx(
          "w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-dark",
          error ? "border-danger" : "border-sand hover:border-olive",
        )}
        {...props}
      />
    </FieldFrame>
  );
}
