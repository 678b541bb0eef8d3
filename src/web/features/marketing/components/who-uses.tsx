import { ChevronDown } from "lucide-react";
import { useSyncExternalStore } from "react";

const PERSONAS = [
  { title: "New Dads", text: "Record the first year as it happens: the 3 a.m. feeds, the first laugh, what you hope for them." },
  { title: "Business Dads", text: "On the road again? Leave a bedtime message before the flight and a note for the big game you'll miss." },
  { title: "Divorced Dads", text: "Stay part of every day, whichever house they sleep in. Your voice, on their schedule." },
  { title: "Military Dads", text: "Deployed for months? Record birthdays and milestones ahead of time so they unlock on the day." },
  { title: "Health Scare Dads", text: "When life gets a warning shot, say what matters now, and leave messages for the days ahead." },
  { title: "Sports Dads", text: "The pep talk before the final, the lesson after the loss: kept for when they coach their own kids." },
] as const;

const WIDE_SCREEN = "(min-width: 768px)";
const noSubscription = () => () => {};

/**
 * Who Uses Hey Dad: six personas; the cards start open on wide screens and closed on phones
 * (closed in the prerendered HTML, opened once hydrated on a wide screen).
 */
export function WhoUses() {
  const openOnStart = useSyncExternalStore(noSubscription, () => window.matchMedia(WIDE_SCREEN).matches, () => false);
  return (
    <section id="benefits" aria-labelledby="who-uses-heading" className="scroll-mt-20 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="who-uses-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Who uses Hey Dad
        </h2>
        <p className="mt-2 max-w-2xl text-olive-dark">Every kind of dad, for the same reason: to be there now, and later.</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PERSONAS.map((persona) => (
            <li key={persona.title}>
              <details open={openOnStart} className="group rounded-xl border border-sand-soft bg-white p-5 open:bg-paper-warm">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 text-lg font-semibold [&::-webkit-details-marker]:hidden">
                  {persona.title}
                  <ChevronDown className="size-5 shrink-0 text-olive-dark transition-transform duration-200 group-open:rotate-180" aria-hidden="true" />
                </summary>
                <p className="mt-2 text-olive-dark">{persona.text}</p>
              </details>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
