import { SUBSCRIBE_COPY } from "../../../../shared/dad-moves";
import { SubscribeForm } from "./subscribe-form";

/** App-launch email capture with a photo: joins the launch list and the Dad Moves series. */
export function LaunchCapture() {
  return (
    <section aria-labelledby="launch-heading" className="border-b border-sand-soft bg-paper-warm">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:py-16">
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">The mobile app is coming</p>
          <h2 id="launch-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Be first in line, and get 52 Dad Moves free
          </h2>
          <p className="max-w-xl text-olive-dark">
            Leave your email and we'll send a year's worth of small, doable dad moves as a PDF today, one more in your
            inbox each week, and a note on launch day.
          </p>
          <SubscribeForm buttonLabel="Get the free moves" successMessage={SUBSCRIBE_COPY.listSuccess} />
          <p className="text-sm text-olive-dark">No spam. Unsubscribe with one click.</p>
        </div>
        <img
          src="/images/dad-and-kid.svg"
          width="416"
          height="312"
          alt="A father and his daughter sitting together on a porch step at sunset"
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-2xl"
        />
      </div>
    </section>
  );
}
