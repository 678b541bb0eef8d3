import { ButtonLink } from "../../../components/ui/button";

/** A sample Pocket Dad answer, in the tool's own three sections. */
export function PocketDadTeaser() {
  return (
    <section aria-labelledby="pocket-dad-heading" className="bg-ink text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold tracking-wide text-accent-light uppercase">Pocket Dad</p>
          <h2 id="pocket-dad-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Think it through before you talk
          </h2>
          <p className="max-w-xl text-white/80">
            Describe what's happening in a line or two. Pocket Dad answers with what to say, what to do next and why it
            works, in your tone and for your kid's age. Softer, firmer, funnier: one tap.
          </p>
          <ButtonLink to="/pocket-dad" variant="secondary" size="lg" className="w-full sm:w-fit">
            Try Pocket Dad
          </ButtonLink>
        </div>
        <figure className="rounded-2xl bg-white p-6 text-ink shadow-float">
          <figcaption className="text-sm text-olive-dark">“Maya (7) slammed her door after I said no more screen time.”</figcaption>
          <div className="mt-4 flex flex-col gap-4">
            <div>
              <p className="text-sm font-semibold text-accent-dark">Say this:</p>
              <p className="mt-1 text-lg font-semibold">“You're mad the show ended. I get it. I'm right here when you're ready.”</p>
            </div>
            <div>
              <p className="text-sm font-semibold text-accent-dark">Then do this:</p>
              <ul className="mt-1 list-disc pl-5 text-olive-dark">
                <li>Sit outside her door for two minutes, quietly.</li>
                <li>When she opens it, offer a choice: a story or a walk.</li>
              </ul>
            </div>
            <div>
              <p className="text-sm font-semibold text-accent-dark">Why it works:</p>
              <p className="mt-1 text-olive-dark">Naming the feeling calms her faster than defending the rule.</p>
            </div>
          </div>
        </figure>
      </div>
    </section>
  );
}
