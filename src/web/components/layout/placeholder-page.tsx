import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeading } from "../ui/page-heading";
import { PageContainer } from "./page-container";

export type PlaceholderPageProps = {
  title: string;
  description: ReactNode;
  icon: LucideIcon;
  eyebrow?: ReactNode;
  /** What this page will hold, shown in a quiet card. */
  note?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
};

/** A finished-looking page shell for screens whose contents arrive in later work. */
export function PlaceholderPage({
  title,
  description,
  icon: Icon,
  eyebrow,
  note,
  actions,
  children,
}: PlaceholderPageProps) {
  return (
    <PageContainer>
      <PageHeading title={title} eyebrow={eyebrow} description={description} actions={actions} />
      {children}
      {note ? (
        <section className="mt-10 flex flex-col items-center gap-4 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-12 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-mist-soft text-olive-dark">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <p className="max-w-md text-base text-olive-dark">{note}</p>
        </section>
      ) : null}
    </PageContainer>
  );
}
