import { clsx } from "clsx";
import { UNLOCK_AGE_MAX, UNLOCK_AGE_MIN, type UnlockType } from "../../../shared/unlock-rules";
import type { FieldErrors } from "../../lib/form-errors";
import { TextField } from "../ui/text-field";

export type UnlockValues = { unlockType: UnlockType; unlockAge: string; unlockDate: string; unlockMilestone: string };

const OPTIONS: { value: UnlockType; label: string }[] = [
  { value: "now", label: "Now" },
  { value: "age", label: "At an age" },
  { value: "date", label: "On a date" },
  { value: "milestone", label: "At a milestone" },
];

/** What the milestone field says about how a milestone opens (Dad in the vault, or the child's guardians). */
export const MILESTONE_HINT = "It stays locked until you mark it reached in the vault, or enough of the child's guardians confirm it has happened.";

/**
 * When the memory unlocks: now, at an age (1–100), on a date, or at a milestone Dad describes.
 * `types` narrows the choice (a plan for later is never 'now'). `onChange` gets only what changed,
 * so a form can tell the fields Dad has touched from those he has not reached yet.
 * `milestoneHint` replaces the milestone's hint (null: none, when the form says it another way).
 */
export function UnlockRuleFields({
  values,
  errors = {},
  onChange,
  idPrefix = "unlock",
  types,
  milestoneHint = MILESTONE_HINT,
}: {
  values: UnlockValues;
  errors?: FieldErrors;
  onChange: (patch: Partial<UnlockValues>) => void;
  idPrefix?: string;
  types?: readonly UnlockType[];
  milestoneHint?: string | null;
}) {
  const options = types ? OPTIONS.filter((option) => types.includes(option.value)) : OPTIONS;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium text-ink">When should it unlock?</legend>
      {/* All in one row only where the form itself is wide enough (a dialog on a phone is not), so no choice wraps onto two lines. */}
      <div className="@container">
        <div className={clsx("grid gap-2", options.length === 4 ? "grid-cols-2 @xl:grid-cols-4" : "grid-cols-2 @md:grid-cols-3")}>
          {options.map((option) => (
            <label
              key={option.value}
              className={clsx(
                "flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 text-center text-sm font-medium transition-colors",
                "focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-accent-dark",
                values.unlockType === option.value ? "border-ink bg-mist text-ink" : "border-sand bg-white text-ink hover:border-olive",
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}-unlock-type`}
                value={option.value}
                className="sr-only"
                checked={values.unlockType === option.value}
                onChange={() => onChange({ unlockType: option.value })}
              />
              {option.label}
            </label>
          ))}
        </div>
      </div>
      {values.unlockType === "age" ? (
        <TextField
          label="Unlock at age"
          type="number"
          inputMode="numeric"
          min={UNLOCK_AGE_MIN}
          max={UNLOCK_AGE_MAX}
          value={values.unlockAge}
          error={errors.unlockAge}
          onChange={(event) => onChange({ unlockAge: event.target.value })}
          hint="It opens for each child you chose on their own birthday at this age."
        />
      ) : null}
      {values.unlockType === "date" ? (
        <TextField label="Unlock on" type="date" value={values.unlockDate} error={errors.unlockDate} onChange={(event) => onChange({ unlockDate: event.target.value })} />
      ) : null}
      {values.unlockType === "milestone" ? (
        <TextField
          label="Milestone"
          placeholder="First day of high school"
          value={values.unlockMilestone}
          error={errors.unlockMilestone}
          maxLength={200}
          onChange={(event) => onChange({ unlockMilestone: event.target.value })}
          hint={milestoneHint ?? undefined}
        />
      ) : null}
    </fieldset>
  );
}
