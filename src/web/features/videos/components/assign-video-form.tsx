import { type FormEvent, useState } from "react";
import { type CreateVideoInput, createVideoSchema } from "../../../../shared/videos";
import { type ChildChoices, EMPTY_MEMORY_FIELDS, MemoryFields, type MemoryFieldValues, memoryFieldsInput } from "../../../components/memory/memory-fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { type FieldErrors, fieldErrors } from "../../../lib/form-errors";
import { useChildOptions } from "../api/list-child-options";

export type VideoFields = Omit<CreateVideoInput, "uploadId">;

/** The saved or prefilled fields as the form's text. */
function toValues(initial: Partial<VideoFields>): MemoryFieldValues {
  return {
    ...EMPTY_MEMORY_FIELDS,
    title: initial.title ?? "",
    notes: initial.notes ?? "",
    childIds: initial.childIds ?? [],
    unlockType: initial.unlockType ?? "now",
    unlockAge: initial.unlockAge == null ? "" : String(initial.unlockAge),
    unlockDate: initial.unlockDate ?? "",
    unlockMilestone: initial.unlockMilestone ?? "",
    releaseEarly: initial.releaseEarly ?? false,
  };
}

/** Step 2 'Assign Your Legacy': the fields every memory has, each checked beside itself with the shared schema. Back hands what was typed back, so it is there again after Next. */
export function AssignVideoForm({ initial, onBack, onSave }: { initial: Partial<VideoFields>; onBack: (fields: VideoFields) => void; onSave: (fields: VideoFields) => void }) {
  const children = useChildOptions();
  const [values, setValues] = useState<MemoryFieldValues>(() => toValues(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const childChoices: ChildChoices = {
    options: children.data,
    status: (
      <>
        {children.isPending ? <p className="text-olive-dark">Loading…</p> : null}
        {children.isError ? <Alert>Failed to load children <Button variant="ghost" onClick={() => void children.refetch()}>Retry</Button></Alert> : null}
        {children.data?.length === 0 ? <p className="text-olive-dark">Add a child first on the <a className="underline" href="/children">Children</a> page.</p> : null}
      </>
    ),
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = memoryFieldsInput(values);
    const found = fieldErrors(createVideoSchema.safeParse({ ...fields, uploadId: "pending" }));
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(fields);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="video-step-2" className="flex flex-col gap-5">
      <h2 id="video-step-2" className="text-xl font-semibold">Assign Your Legacy</h2>
      <MemoryFields
        idPrefix="video"
        values={values}
        errors={errors}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        childChoices={childChoices}
        titlePlaceholder="The day you learned to ride"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="secondary" onClick={() => onBack(memoryFieldsInput(values))}>Back</Button>
        <Button type="submit" size="lg">Save Legacy Video</Button>
      </div>
    </form>
  );
}
