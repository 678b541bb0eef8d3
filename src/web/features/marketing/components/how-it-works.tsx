import { Lock, Sparkles, Video } from "lucide-react";

const STEPS = [
  { icon: Video, title: "Record what matters", text: "Videos, voice over a photo, or a quick note. Two minutes is enough to say something they'll keep." },
  { icon: Lock, title: "Unlock it at the right time", text: "Now, on their 18th birthday, on a date, or at a milestone you choose. Private until then." },
  { icon: Sparkles, title: "Pocket Dad in your corner", text: "Tell it what's happening and get the words to say, in your tone, in seconds." },
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="scroll-mt-20 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="how-it-works-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          How it works
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-3 sm:gap-6">
          {STEPS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-3 rounded-xl border border-sand-soft bg-white p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent-soft text-accent-dark">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-olive-dark">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
