import { clsx } from "clsx";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";

export type AlertTone = "error" | "success" | "info";

export type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
};

const tones: Record<AlertTone, { box: string; icon: typeof Info }> = {
  error: { box: "border-danger/40 bg-danger-soft text-danger-dark", icon: CircleAlert },
  success: { box: "border-success/30 bg-success-soft text-success", icon: CircleCheck },
  info: { box: "border-mist bg-mist-soft text-ink", icon: Info },
};

/** The red box for sign-in errors (role=alert); success/info tones use role=status. */
export function Alert({ tone = "error", title, children, className }: AlertProps) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx("flex gap-3 rounded-lg border px-4 py-3 text-sm", box, className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}
