import type { ReactNode } from "react";

export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-5 rounded-xl border border-sand-soft bg-white p-5 sm:p-8">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-olive-dark">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
