import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";

const FAQ = [
  { q: "What is Hey Dad?", a: "A private place to record video, voice and written messages for your kids, and to decide when each one unlocks: now, on a birthday, at an age, or at a milestone like a graduation." },
  { q: "Who can see my messages?", a: "Only you, until a message unlocks for the child you recorded it for. Nothing is public, and we never sell your data or use your recordings to train AI." },
  { q: "How does the free month work?", a: "Sign up and use everything for 30 days. No credit card needed. If you subscribe during the free month, your first charge still waits until the 30 days are over." },
  { q: "What does it cost after that?", a: "$4.99 a month, or $39.99 a year (that saves 33%). Cancel any time in Settings; you keep access until the end of the period you paid for." },
  { q: "What happens to my recordings if I cancel?", a: "They are never deleted. They stay locked in your vault, and you can download everything (videos, voice notes and an offline player) at any time, subscription or not." },
  { q: "What is Pocket Dad?", a: "A coaching tool for tricky moments. Tell it what's happening and it gives you the words to say, what to do next and why it works, in your tone and for your child's age." },
  { q: "Do my kids need an account?", a: "No. When a message unlocks, it can be delivered by email to a guardian you choose, like their mom or a grandparent, with a private link for your child." },
  { q: "What are Dad Moves?", a: "52 small, doable things a dad can do, one a week. Get the free PDF on our Dad Moves page and a new move in your inbox every week." },
  { q: "Can I give Hey Dad as a gift?", a: "Yes. Buy a gift code for a month or a year and send it to the dad in your life. He redeems it after signing in." },
  { q: "Which devices does it work on?", a: "Any modern browser on a phone, tablet or computer. Videos are converted so they play everywhere, including on iPhones." },
] as const;

/** Ten questions; opening one closes the one that was open. */
export function Faq() {
  const id = useId();
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 border-t border-sand-soft bg-paper-warm">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="faq-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Questions dads ask
        </h2>
        <ul className="mt-8 flex flex-col gap-3">
          {FAQ.map((entry, index) => {
            const open = openIndex === index;
            return (
              <li key={entry.q} className="rounded-xl border border-sand-soft bg-white">
                <h3>
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={`${id}-${index}`}
                    onClick={() => setOpenIndex(open ? null : index)}
                    className="flex min-h-14 w-full items-center justify-between gap-4 rounded-xl px-5 text-left text-base font-semibold"
                  >
                    {entry.q}
                    <ChevronDown className={`size-5 shrink-0 text-olive-dark transition-transform duration-200 ${open ? "rotate-180" : ""}`} aria-hidden="true" />
                  </button>
                </h3>
                <div id={`${id}-${index}`} hidden={!open} className="px-5 pb-5 text-olive-dark">
                  {entry.a}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
