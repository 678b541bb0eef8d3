import { type FormEvent, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { editMemorySchema, type MemoryItem } from "../../../../shared/memories";
import { EMPTY_MEMORY_FIELDS, MemoryFields, type MemoryFieldValues, memoryFieldsInput } from "../../../components/memory/memory-fields";
import { Dialog } from "../../../components/ui/dialog";
import { type FieldErrors, fieldErrors } from "../../../lib/form-errors";
import { useEditMemory } from "../api/edit-memory";
import { useChildChoices } from "./child-picker";
import { FormActions } from "../../../components/ui/form-actions";

function valuesOf(item: MemoryItem): MemoryFieldValues {
  return {
    ...EMPTY_MEMORY_FIELDS,
    title: item.title,
    notes: item.notes,
    childIds: item.children.map((child) => child.id),
    unlockType: item.unlock.type,
    unlockAge: item.unlock.age === null ? "" : String(item.unlock.age),
    unlockDate: item.unlock.date ?? "",
    unlockMilestone: item.unlock.milestone ?? "",
    releaseEarly: item.releaseEarly,
  };
}

/** What a new rule means for a memory that has already opened: it stays open where it has. */
function alreadyUnlockedNote(unlockType: MemoryFieldValues["unlockType"]) {
  const stays = "Already unlocked: it stays open for the children it has opened for.";
  return unlockType === "milestone" ? `${stays} For any child it has not opened for yet, it opens when you mark the milestone reached or their guardians confirm it.` : stays;
}

/**
 * 'Edit' on a memory of any kind: the same fields it was recorded with. A memory
 * that has already opened for a child stays open for that child, whatever the new rule says.
 */
export function EditMemoryDialog({ item, onClose }: { item: MemoryItem | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()} title="Edit memory" className="max-w-lg">
      {item ? <EditMemoryForm key={item.id} item={item} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditMemoryForm({ item, onDone }: { item: MemoryItem; onDone: () => void }) {
  const [values, setValues] = useState(() => valuesOf(item));
  const [errors, setErrors] = useState<FieldErrors>({});
  const childChoices = useChildChoices();
  const edit = useEditMemory();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = editMemorySchema.safeParse(memoryFieldsInput(values));
    setErrors(fieldErrors(parsed));
    if (!parsed.success || edit.isPending) return;
    edit.mutate(
      { id: item.id, fields: parsed.data },
      {
        onSuccess: () => {
          toast.success("Memory updated.");
          onDone();
        },
        onError: (error) => toast.error(error.message || "We couldn't save your changes. Please try again."),
      },
    );
  }

  // Open for one child (Emma's 18th came, Noah's has not): that child keeps it, whatever the new rule says.
  const openedForSome = item.unlock.unlocked || item.unlock.forChildren.some((child) => child.unlocked);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <MemoryFields
        idPrefix="edit"
        values={values}
        errors={errors}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        childChoices={childChoices}
        // Already open: the one line below says what a milestone still does, instead of a hint it would contradict.
        milestoneHint={openedForSome ? null : undefined}
      />
      {openedForSome ? <p className="text-sm text-olive-dark">{alreadyUnlockedNote(values.unlockType)}</p> : null}
      <FormActions submitLabel="Save changes" pending={edit.isPending} onCancel={onDone} />
    </form>
  );
}
