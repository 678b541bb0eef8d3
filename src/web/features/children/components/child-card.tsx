import { CalendarHeart, Pencil, Trash2, Video } from "lucide-react";
import type { ReactNode } from "react";
import type { Child } from "../../../../shared/children";
import { Button, ButtonLink } from "../../../components/ui/button";
import { ChildAvatar } from "../../../components/ui/child-avatar";
import { describeChildAge } from "./child-age";

export function ChildCard({ child, today, index, onEdit, onDelete, extras }: { child: Child; today: string; index: number; onEdit: () => void; onDelete: () => void; extras?: ReactNode }) {
  const age = describeChildAge(child.birthdate, today);
  return (
    <li
      className="flex animate-card-in flex-col gap-4 rounded-xl border border-sand-soft bg-white p-5 motion-reduce:animate-none"
      style={{ animationDelay: `${index * 50}ms` }}
      aria-label={child.name}
    >
      <div className="flex items-center gap-4">
        <ChildAvatar name={child.name} photoUrl={child.photoUrl} />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="truncate text-xl font-semibold">{child.name}</h2>
          <span className="w-fit rounded-full bg-mist-soft px-2.5 py-0.5 text-sm font-medium text-ink">{age.ageLabel}</span>
        </div>
      </div>
      {child.profileNote ? <p className="line-clamp-2 text-sm text-olive-dark">{child.profileNote}</p> : null}
      <div className="flex items-start gap-3 rounded-lg bg-paper-warm p-3">
        <CalendarHeart className="mt-0.5 size-5 shrink-0 text-accent-dark" aria-hidden="true" />
        <div className="flex flex-col">
          <span className="text-sm font-semibold">Next Unlock</span>
          <span className="text-sm">
            {age.nextDate} · <span className="tabular-nums">{age.daysAway}</span>
          </span>
          <span className="text-xs text-olive-dark">Turns {age.turning}</span>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <ButtonLink to={`/videos?child=${child.id}`} variant="primary" className="flex-1">
          <Video className="size-5" aria-hidden="true" />
          View Videos
        </ButtonLink>
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${child.name}`}>
          <Pencil className="size-5" aria-hidden="true" />
          Edit
        </Button>
        <Button variant="ghost" onClick={onDelete} aria-label={`Delete ${child.name}`} className="text-danger">
          <Trash2 className="size-5" aria-hidden="true" />
        </Button>
      </div>
      {extras ? <div className="flex flex-wrap gap-2 border-t border-sand-soft pt-3">{extras}</div> : null}
    </li>
  );
}
