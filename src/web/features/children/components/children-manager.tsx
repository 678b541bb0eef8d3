import { Plus, Users } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { type Child, CHILDREN_COPY } from "../../../../shared/children";
import { todayIn } from "../../../../shared/calendar";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeading } from "../../../components/ui/page-heading";
import { useChildren } from "../api/list-children";
import { ChildCard } from "./child-card";
import { ChildFormDialog } from "./child-form-dialog";
import { DeleteChildDialog } from "./delete-child-dialog";

type Editing = { mode: "add" } | { mode: "edit"; child: Child } | { mode: "delete"; child: Child } | null;

/** The /children page: the list of children with add, edit and delete. */
/** `childExtras`: more actions on each child's card, from other features (the keepsake card). */
export function ChildrenManager({ childExtras }: { childExtras?: (child: { id: string; name: string }) => ReactNode } = {}) {
  const children = useChildren();
  const [editing, setEditing] = useState<Editing>(null);
  const today = todayIn();

  useEffect(() => {
    if (children.isError) toast.error(CHILDREN_COPY.loadFailed);
  }, [children.isError]);

  const addButton = (
    <Button onClick={() => setEditing({ mode: "add" })}>
      <Plus className="size-5" aria-hidden="true" />
      Add child
    </Button>
  );

  return (
    <div className="flex flex-col gap-8">
      <PageHeading title="Children" description="The kids you're recording for. Each birthday is a chance to unlock something you made for them." actions={children.data?.length ? addButton : undefined} />
      {children.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading children">
          {[0, 1, 2].map((key) => (
            <li key={key} className="h-64 animate-pulse rounded-xl bg-sand-soft motion-reduce:animate-none" />
          ))}
        </ul>
      ) : children.isError ? (
        <Alert title={CHILDREN_COPY.loadFailed}>
          <Button variant="secondary" className="mt-3" onClick={() => void children.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : children.data.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-12 text-center">
          <Users className="size-10 text-olive" aria-hidden="true" />
          <h2 className="text-xl font-semibold">Who are you recording for?</h2>
          <p className="max-w-md text-olive-dark">Add your first child with their birth date. You can then choose them for each memory and see when it unlocks.</p>
          {addButton}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {children.data.map((child, index) => (
            <ChildCard key={child.id} child={child} today={today} index={index} onEdit={() => setEditing({ mode: "edit", child })} onDelete={() => setEditing({ mode: "delete", child })} extras={childExtras?.(child)} />
          ))}
        </ul>
      )}
      {editing?.mode === "add" ? <ChildFormDialog onClose={() => setEditing(null)} /> : null}
      {editing?.mode === "edit" ? <ChildFormDialog child={editing.child} onClose={() => setEditing(null)} /> : null}
      {editing?.mode === "delete" ? <DeleteChildDialog child={editing.child} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
