import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";

/** Shown in place of a form once its email is on its way (sign-up confirmation, password reset). */
export function EmailSent({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" role="status">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      {children}
    </div>
  );
}
