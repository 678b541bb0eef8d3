import { type FormEvent, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { GUARDIAN_RELATION_LABELS, GUARDIAN_RELATIONS, type Guardian, guardianInputSchema, type GuardianRelation, GUARDIANS_COPY } from "../../../../shared/guardians";
import { Dialog } from "../../../components/ui/dialog";
import { FieldError, TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { useSaveGuardian } from "../api/save-guardian";
import { FormActions } from "../../../components/ui/form-actions";

export type Kid = { id: string; name: string };
type FieldErrors = Partial<Record<"name" | "email" | "relation" | "childIds", string>>;
const FIELD_OF_CODE: Record<string, keyof FieldErrors> = {
  GUARDIAN_EMAIL_IS_YOURS: "email",
  GUARDIAN_ALREADY_ADDED: "email",
  GUARDIAN_INVITED_TODAY: "email",
  GUARDIAN_DECLINED: "email",
  GUARDIAN_NO_CHILDREN: "childIds",
  CHILD_NOT_FOUND: "childIds",
};

/** Add (guardian undefined) or edit a guardian: name, email, relation and the children they receive for. */
export function GuardianFormDialog({ guardian, kids, onClose }: { guardian?: Guardian; kids: Kid[]; onClose: () => void }) {
  const save = useSaveGuardian();
  const [name, setName] = useState(guardian?.name ?? "");
  const [email, setEmail] = useState(guardian?.email ?? "");
  const [relation, setRelation] = useState<GuardianRelation | "">(guardian?.relation ?? "");
  const [everyChild, setEveryChild] = useState(guardian ? guardian.childIds === null : true);
  const [chosen, setChosen] = useState<string[]>(guardian?.childIds ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = guardianInputSchema.safeParse({ name, email, relation: relation || undefined, childIds: everyChild ? null : chosen });
    const found: FieldErrors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
    if (!everyChild && chosen.length === 0) found.childIds ??= GUARDIANS_COPY.noChildren;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ id: guardian?.id, values: parsed.data });
      toast.success(guardian && guardian.email === parsed.data.email ? GUARDIANS_COPY.saved : GUARDIANS_COPY.invitationSent);
      onClose();
    } catch (cause) {
      const field = isApiError(cause) ? FIELD_OF_CODE[cause.code] : undefined;
      if (field) setErrors({ [field]: cause instanceof Error ? cause.message : undefined });
      else toast.error(cause instanceof Error ? cause.message : GUARDIANS_COPY.saveFailed);
    }
  }

  const toggle = (id: string) => setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()} title={guardian ? `Edit ${guardian.name}` : "Add a guardian"} hideClose={save.isPending}>
      <form className="flex flex-col gap-5" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Name" name="name" autoComplete="off" required value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          value={email}
          error={errors.email}
          hint={guardian ? "A new email sends a new invitation." : "We email them an invitation to accept or decline."}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="guardian-relation" className="text-sm font-medium">
            Relation
          </label>
          <select
            id="guardian-relation"
            name="relation"
            value={relation}
            aria-invalid={errors.relation ? true : undefined}
            aria-describedby={errors.relation ? "guardian-relation-error" : undefined}
            onChange={(event) => setRelation(event.target.value as GuardianRelation)}
            className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2.5 text-base focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark ${errors.relation ? "border-danger" : "border-sand hover:border-olive"}`}
          >
            <option value="" disabled>
              Choose…
            </option>
            {GUARDIAN_RELATIONS.map((value) => (
              <option key={value} value={value}>
                {GUARDIAN_RELATION_LABELS[value]}
              </option>
            ))}
          </select>
          {errors.relation ? (
            <FieldError id="guardian-relation-error">
              {errors.relation}
            </FieldError>
          ) : null}
        </div>
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.childIds ? "guardian-children-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">Receives for</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input type="radio" name="every-child" className="size-5 accent-ink" checked={everyChild} onChange={() => setEveryChild(true)} />
            All my children, also those I add later
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input type="radio" name="every-child" className="size-5 accent-ink" checked={!everyChild} onChange={() => setEveryChild(false)} disabled={kids.length === 0} />
            Only the children I choose
          </label>
          {!everyChild ? (
            <ul className="ml-8 flex flex-col gap-1" aria-label="Children">
              {kids.map((kid) => (
                <li key={kid.id}>
                  <label className="flex min-h-11 items-center gap-3">
                    <input type="checkbox" className="size-5 accent-ink" checked={chosen.includes(kid.id)} onChange={() => toggle(kid.id)} />
                    {kid.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          {errors.childIds ? (
            <FieldError id="guardian-children-error">
              {errors.childIds}
            </FieldError>
          ) : null}
        </fieldset>
        <FormActions submitLabel={guardian ? "Save changes" : "Send invitation"} pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
