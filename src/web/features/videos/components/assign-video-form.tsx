import { type FormEvent, useState } from "react";
import { UNLOCK_TYPES, type UnlockType } from "../../../../shared/unlock-rules";
import { type CreateVideoInput, createVideoSchema } from "../../../../shared/videos";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useChildOptions } from "../api/list-child-options";

export type VideoFields = Omit<CreateVideoInput, "uploadId">;

const UNLOCK_LABELS: Record<UnlockType, string> = { now: "Now", age: "At an age", date: "On a date", milestone: "At a milestone" };

/** Step 2 'Assign Your Legacy': title, notes, children and the unlock rule, checked with the shared schema. Back hands what was typed back, so it is there again after Next. */
export function AssignVideoForm({ initial, onBack, onSave }: { initial: Partial<VideoFields>; onBack: (fields: VideoFields) => void; onSave: (fields: VideoFields) => void }) {
  const children = useChildOptions();
  const [fields, setFields] = useState<VideoFields>({ title: "", notes: "", childIds: [], unlockType: "now", unlockAge: null, unlockDate: null, unlockMilestone: null, ...initial });
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<VideoFields>) => setFields((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = createVideoSchema.safeParse({ ...fields, uploadId: "pending" });
    if (!result.success) return setError(result.error.issues[0]?.message ?? null);
    setError(null);
    onSave(fields);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="video-step-2" className="flex flex-col gap-5">
      <h2 id="video-step-2" className="text-xl font-semibold">Assign Your Legacy</h2>
      <TextField label="Title" value={fields.title} onChange={(event) => set({ title: event.target.value })} placeholder="The day you learned to ride" maxLength={200} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="video-notes" className="text-sm font-medium">Notes</label>
        <textarea id="video-notes" rows={3} value={fields.notes ?? ""} onChange={(event) => set({ notes: event.target.value })}
          className="rounded-lg border border-sand bg-white px-3.5 py-2.5 text-base hover:border-olive focus-visible:outline-3 focus-visible:outline-accent-dark" />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">For which children?</legend>
        {children.isPending ? <p className="text-olive-dark">Loading…</p> : null}
        {children.isError ? <Alert>Failed to load children <Button variant="ghost" onClick={() => void children.refetch()}>Retry</Button></Alert> : null}
        {children.data?.length === 0 ? <p className="text-olive-dark">Add a child first on the <a className="underline" href="/children">Children</a> page.</p> : null}
        <div className="flex flex-wrap gap-2">
          {children.data?.map((child) => (
            <label key={child.id} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-sand bg-white px-3 has-checked:border-ink has-checked:bg-paper-warm">
              <input type="checkbox" checked={fields.childIds.includes(child.id)} className="size-4"
                onChange={(event) => set({ childIds: event.target.checked ? [...fields.childIds, child.id] : fields.childIds.filter((id) => id !== child.id) })} />
              {child.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">When should it unlock?</legend>
        <div className="flex flex-wrap gap-2">
          {UNLOCK_TYPES.map((type) => (
            <label key={type} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-sand bg-white px-3 has-checked:border-ink has-checked:bg-paper-warm">
              <input type="radio" name="unlock-type" checked={fields.unlockType === type} onChange={() => set({ unlockType: type })} className="size-4" />
              {UNLOCK_LABELS[type]}
            </label>
          ))}
        </div>
        {fields.unlockType === "age" ? (
          <TextField label="Unlock age" type="number" min={1} max={100} value={fields.unlockAge ?? ""} onChange={(event) => set({ unlockAge: event.target.value === "" ? null : Number(event.target.value) })} />
        ) : null}
        {fields.unlockType === "date" ? <TextField label="Unlock date" type="date" value={fields.unlockDate ?? ""} onChange={(event) => set({ unlockDate: event.target.value || null })} /> : null}
        {fields.unlockType === "milestone" ? (
          <TextField label="Milestone" value={fields.unlockMilestone ?? ""} onChange={(event) => set({ unlockMilestone: event.target.value })} placeholder="First day of college" />
        ) : null}
      </fieldset>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="secondary" onClick={() => onBack(fields)}>Back</Button>
        <Button type="submit" size="lg">Save Legacy Video</Button>
      </div>
    </form>
  );
}
