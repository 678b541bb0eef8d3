import type { ReactNode } from "react";
import { TextLink } from "../../../components/ui/text-link";

export type AuthShellProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

/** Centred column with a paper card, shared by the sign-in screens. */
export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  return (
    <div className="flex flex-1 items-start justify-center bg-paper-warm px-4 py-10 sm:items-center sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
          {subtitle ? <p className="text-base text-olive-dark">{subtitle}</p> : null}
        </div>
        <div className="rounded-xl border border-sand-soft bg-white p-6 shadow-[0_1px_2px_rgb(53_53_53/0.04)] sm:p-8">
          {children}
        </div>
        {footer ? <div className="text-center text-sm text-olive-dark">{footer}</div> : null}
      </div>
    </div>
  );
}

/** The footer of the password-reset screens. */
export function BackToSignIn() {
  return (
    <>
      Remembered it? <TextLink to="/login">Back to sign in</TextLink>
    </>
  );
}
