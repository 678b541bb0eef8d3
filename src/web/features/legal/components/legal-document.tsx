import type { ReactNode } from "react";

export type LegalSection = { heading: string; body: ReactNode };

export const LEGAL_EFFECTIVE_DATE = "5/26/2025";
export const SUPPORT_EMAIL = "support@heydad.app";

/** A legal text: numbered sections with readable line length. */
export function LegalDocument({ sections }: { sections: LegalSection[] }) {
  return (
    <div className="flex max-w-3xl flex-col gap-8 text-base leading-relaxed text-ink">
      {sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`legal-${index}`} className="flex flex-col gap-3">
          <h2 id={`legal-${index}`} className="text-xl font-semibold tracking-tight">
            {index + 1}. {section.heading}
          </h2>
          <div className="flex flex-col gap-3 text-olive-dark [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-ink">{section.body}</div>
        </section>
      ))}
    </div>
  );
}
