import { MessageCircle } from "lucide-react";
import { ButtonLink } from "../../../components/ui/button";

const STEPS = ["Tell it what's happening", "Get your words in seconds", "Say it your way"];

/** The Pocket Dad promotion (the dashboard is signed-in only, so the button goes straight there). */
export function PocketDadCard() {
  return (
    <section aria-labelledby="pocket-dad" className="mt-10 flex flex-col gap-4 rounded-xl bg-ink p-6 text-white sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 id="pocket-dad" className="flex items-center gap-2 text-lg font-semibold">
          <MessageCircle className="size-5" aria-hidden="true" />
          Pocket Dad
        </h2>
        <ol className="mt-2 flex flex-col gap-1 text-sm text-white/85 sm:flex-row sm:gap-4">
          {STEPS.map((step, index) => (
            <li key={step}>
              {index + 1}. {step}
            </li>
          ))}
        </ol>
      </div>
      <ButtonLink to="/pocket-dad" variant="accent" className="shrink-0">
        Try Pocket Dad — Free
      </ButtonLink>
    </section>
  );
}
