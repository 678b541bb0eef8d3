import { clsx } from "clsx";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { RELEASE_EARLY_HINT, RELEASE_EARLY_LABEL } from "../../../shared/memories";
import type { UnlockType } from "../../../shared/unlock-rules";
import type { FieldErrors } from "../../lib/form-errors";
import { TextField } from "../ui/text-field";
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
 * narration, a quick note or a video, and for editing any memory. Each field shows its own message.
 */
export function MemoryFields({
  values,
  errors,
  onChange,
  childChoices,
  idPrefix,
  titleExtra,
  titlePlaceholder,
  notesPlaceholder,
  notesRows = 3,
}: {
  values: MemoryFieldValues;
  errors: FieldErrors;
  onChange: (patch: Partial<MemoryFieldValues>) => void;
  childChoices: ChildChoices;
  idPrefix: string;
  titleExtra?: ReactNode;
  titlePlaceholder?: string;
  notesPlaceholder?: string;
  notesRows?: number;
}) {
  const notesId = `${idPrefix}-notes`;
  const childrenErrorId = `${idPrefix}-children-error`;
  const releaseId = `${idPrefix}-release-early`;
  return (
    <>
      <div className="flex flex-col gap-2">
        <TextField label="Title" value={values.title} maxLength={200} error={errors.title} onChange={(event) => onChange({ title: event.target.value })} placeholder={titlePlaceholder} />
        {titleExtra}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={notesId} className="text-sm font-medium text-ink">
          Notes
        </label>
        <textarea
          id={notesId}
          rows={notesRows}
          value={values.notes}
          maxLength={10_000}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${notesId}-error` : undefined}
          onChange={(event) => onChange({ notes: event.target.value })}
          placeholder={notesPlaceholder}
          className="w-full rounded-lg border border-sand bg-white px-3.5 py-2.5 text-base text-ink hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-dark"
        />
        {errors.notes ? <FieldError id={`${notesId}-error`}>{errors.notes}</FieldError> : null}
      </div>
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
      <UnlockRuleFields values={values} errors={errors} onChange={({ unlockType, unlockAge, unlockDate, unlockMilestone }) => onChange({ unlockType, unlockAge, unlockDate, unlockMilestone })} idPrefix={idPrefix} />
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
    </>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger">
      {children}
    </p>
  );
}
