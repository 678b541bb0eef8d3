import { CalendarHeart, Lock } from "lucide-react";
import { birthdayLine, birthdayRecordTitle, unlockFor, unlockLine, type UpcomingUnlock } from "../../../../shared/coming-up";
import { ButtonLink } from "../../../components/ui/button";
import { useComingUp } from "../api/get-coming-up";
import type { RecordPrefill } from "./narration-form";

/** Another memory for the same moment: the same children and the same unlock rule. */
function sameMomentPrefill(unlock: UpcomingUnlock): RecordPrefill {
  return { childIds: unlock.childIds, unlockType: unlock.unlockType ?? "now", unlockAge: unlock.unlockAge?.toString() ?? "", unlockDate: unlock.unlockDate ?? "" };
}

/** The next unlocks and birthdays, each with a button to record for that moment. */
export function ComingUp() {
  const comingUp = useComingUp();
  const data = comingUp.data;
  if (!data || (data.birthdays.length === 0 && data.unlocks.length === 0)) return null;
  return (
    <section aria-labelledby="coming-up" className="mt-10">
      <h2 id="coming-up" className="text-lg font-semibold">
        Coming up
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {data.birthdays.map((birthday) => (
          <li key={`b-${birthday.childId}`} className="flex items-center justify-between gap-3 rounded-xl border border-sand-soft bg-white p-4">
            <span className="flex items-center gap-3">
              <CalendarHeart className="size-6 shrink-0 text-accent-dark" aria-hidden="true" />
              <span className="font-medium">{birthdayLine(birthday)}</span>
            </span>
            <ButtonLink
              to="/record"
              state={{ prefill: { title: birthdayRecordTitle(birthday), childIds: [birthday.childId], unlockType: "date", unlockDate: birthday.date } satisfies RecordPrefill }}
              variant="secondary"
              aria-label={`Record for ${birthday.name}'s birthday`}
            >
              Record
            </ButtonLink>
          </li>
        ))}
        {data.unlocks.map((unlock) => (
          <li key={`u-${unlock.id}-${unlock.unlocksAt}`} className="flex items-center justify-between gap-3 rounded-xl border border-sand-soft bg-white p-4">
            <span className="flex items-center gap-3">
              <Lock className="size-5 shrink-0 text-olive" aria-hidden="true" />
              <span>
                <span className="block font-medium">{unlock.title}</span>
                <span className="text-sm text-olive-dark">{unlockLine(unlock)}</span>
              </span>
            </span>
            <ButtonLink to="/record" state={{ prefill: sameMomentPrefill(unlock) }} variant="secondary" aria-label={`Add another for when "${unlock.title}" unlocks${unlockFor(unlock)}`}>
              Add another
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
