import { clsx } from "clsx";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PageContainer } from "./page-container";
import { Card } from "../ui/card";

const TONES = {
  success: "bg-success-soft text-success",
  danger: "bg-danger-soft text-danger",
  accent: "bg-accent-soft text-accent-dark",
} as const;

export type ResultCardProps = {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
};

/** The outcome of a one-off action (a payment, a gift redemption): an icon badge, the headline, what to do next. */
export function ResultCard({ tone, icon: Icon, title, children }: ResultCardProps) {
  return (
    <PageContainer width="narrow">
      <Card className="flex flex-col items-center gap-4 text-center">
        <span className={clsx("inline-flex size-14 items-center justify-center rounded-full", TONES[tone])}>
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {children}
      </Card>
    </PageContainer>
  );
}
