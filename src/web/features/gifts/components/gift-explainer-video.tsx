import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { GIFT_EXPLAINER } from "./gift-explainer";

/**
 * The /gift video slot: a lazily loaded poster with a play button; the clip itself is only
 * fetched once it is asked for. The frame keeps 16:9 throughout, so nothing moves when it swaps.
 */
export function GiftExplainerVideo() {
  const [playing, setPlaying] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  // The play button is gone once the clip shows: keyboard focus moves to the player's controls.
  useEffect(() => {
    if (playing) video.current?.focus();
  }, [playing]);

  return (
    <figure className="flex flex-col gap-3">
      <div className="relative aspect-video overflow-hidden rounded-xl bg-ink shadow-float">
        {playing ? (
          <video
            ref={video}
            className="size-full"
            controls
            autoPlay
            muted
            playsInline
            preload="auto"
            poster={GIFT_EXPLAINER.posters[1280]}
            aria-label={GIFT_EXPLAINER.title}
          >
            <source src={GIFT_EXPLAINER.video} type="video/mp4" />
            <track kind="captions" src={GIFT_EXPLAINER.captions} srcLang="en" label="English" />
          </video>
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            aria-label={`Play the video: ${GIFT_EXPLAINER.title}`}
            className="group absolute inset-0 size-full cursor-pointer rounded-xl focus-visible:outline-offset-4"
          >
            <img
              src={GIFT_EXPLAINER.posters[640]}
              srcSet={`${GIFT_EXPLAINER.posters[640]} 640w, ${GIFT_EXPLAINER.posters[1280]} 1280w`}
              sizes="(min-width: 768px) 440px, 100vw"
              width={1280}
              height={720}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
            {/* Sits in the poster's empty right third, clear of its headline. */}
            <span className="absolute top-1/2 right-[10%] inline-flex size-14 -translate-y-1/2 items-center justify-center rounded-full bg-accent-light text-ink-strong shadow-float transition-transform duration-150 group-hover:scale-110 sm:size-18">
              <Play className="size-6 translate-x-0.5 fill-current sm:size-8" aria-hidden="true" />
            </span>
          </button>
        )}
      </div>
      <figcaption className="flex flex-col gap-1 text-sm text-olive-dark">
        <span>{GIFT_EXPLAINER.title}. No sound needed.</span>
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-accent-dark underline decoration-accent/50 underline-offset-4">
            Read what the video shows
          </summary>
          <ol className="mt-1 flex list-decimal flex-col gap-1 pl-5">
            {GIFT_EXPLAINER.slides.slice(1).map((slide) => (
              <li key={slide.title}>
                <span className="font-semibold text-ink">{slide.title}.</span> {slide.text}
              </li>
            ))}
          </ol>
        </details>
      </figcaption>
    </figure>
  );
}
