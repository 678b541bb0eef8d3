import { MailCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";

/** Shown in place of a form once its email is on its way (sign-up confirmation, password reset). */
export function EmailSent({ title, children }: { title: ReactNode; children: ReactNode }) {
  // It replaces a taller form: on a phone the page would stay scrolled to where the form's button was,
  // leaving this under the sticky header (scroll-mt keeps it clear of the header's 64 px).
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.scrollIntoView({ block: "nearest" }), []);
  return (
    <div ref={ref} className="flex scroll-mt-20 scroll-mb-4 flex-col items-center gap-4 py-4 text-center" role="status">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      {children}
    </div>
  );
}
