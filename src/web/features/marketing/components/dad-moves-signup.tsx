import { Footprints } from "lucide-react";
import { useSearchParams } from "react-router";
import { DAD_MOVES_COUNT, SUBSCRIBE_COPY } from "../../../../shared/dad-moves";
import { Alert } from "../../../components/ui/alert";
import { SubscribeForm } from "./subscribe-form";

const SAMPLE_MOVES = [
  { week: 1, title: "The two-minute check-in" },
  { week: 4, title: "Say sorry out loud" },
  { week: 7, title: "The side-by-side talk" },
  { week: 19, title: "Lose well" },
];

/** /dadmoves: the download form (and the confirmation after an unsubscribe link). */
export function DadMovesSignup() {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] md:items-center">
      <div className="flex flex-col gap-5">
        {params.get("unsubscribed") === "1" ? <Alert tone="info">You're unsubscribed. No more Dad Moves emails from us.</Alert> : null}
        <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">{DAD_MOVES_COUNT} Dad Moves · Free PDF</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{SUBSCRIBE_COPY.dadMovesHeading}</h1>
        <p className="max-w-xl text-lg text-olive-dark">
          One small, doable move a week. Each takes minutes, not money. Get all {DAD_MOVES_COUNT} as a PDF now, and one in
          your inbox every week so you never have to remember to look.
        </p>
        <SubscribeForm buttonLabel={SUBSCRIBE_COPY.dadMovesButton} successMessage={SUBSCRIBE_COPY.downloadSuccess} className="max-w-xl" />
        <p className="text-sm text-olive-dark">No spam. Unsubscribe with one click from any email.</p>
      </div>
      <aside aria-label="A few of the moves" className="rounded-2xl border border-sand-soft bg-paper-warm p-6">
        <p className="flex items-center gap-2 font-semibold">
          <Footprints className="size-5 text-accent-dark" aria-hidden="true" />
          Inside the PDF
        </p>
        <ol className="mt-4 flex flex-col gap-3">
          {SAMPLE_MOVES.map((move) => (
            <li key={move.week} className="flex flex-col">
              <span className="text-xs font-semibold tracking-wide text-accent-dark uppercase">Week {move.week}</span>
              <span>{move.title}</span>
            </li>
          ))}
          <li className="text-sm text-olive-dark">…and {DAD_MOVES_COUNT - SAMPLE_MOVES.length} more.</li>
        </ol>
      </aside>
    </div>
  );
}
