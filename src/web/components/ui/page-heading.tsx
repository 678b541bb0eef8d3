import { clsx } from "clsx";
import type { ReactNode } from "react";

export type PageHeadingProps = {
  title: ReactNode;
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
};

export function PageHeading({ title, eyebrow, description, actions, className }: PageHeadingProps) {
  return (
    <header
      className={clsx(
        "flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between",
        className,
      )}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {description ? <p className="max-w-2xl text-base text-olive-dark">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </header>
  );
}
