import { clsx } from "clsx";
import type { ReactNode } from "react";

export type PageContainerProps = {
  children: ReactNode;
  width?: "narrow" | "default" | "wide";
  className?: string;
};

const widths = {
  narrow: "max-w-md",
  default: "max-w-4xl",
  wide: "max-w-6xl",
} as const;

export function PageContainer({ children, width = "wide", className }: PageContainerProps) {
  return (
    <div className={clsx("mx-auto w-full px-4 py-8 sm:px-6 sm:py-12", widths[width], className)}>
      {children}
    </div>
  );
}
