import type { ReactNode } from "react";
import { PRODUCT_NAME } from "../../../../shared/copy";
import { EXPERIMENT_COPY, type ExperimentRow, formatRate } from "../../../../shared/experiment";
import { PageContainer } from "../../../components/layout/page-container";
import { PageHeading } from "../../../components/ui/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useExperimentMetrics } from "../api/get-experiment-metrics";

const COLUMNS = ["Variant", "Assignments", "Signup Conversions", "Total Conversions", "Signup Conversion Rate", "Total Conversion Rate"];

function Row({ row, total = false }: { row: ExperimentRow; total?: boolean }) {
  const cells = [row.totalAssignments, row.signupConversions, row.totalConversions, formatRate(row.signupConversionRate), formatRate(row.totalConversionRate)];
  return (
    <tr className={total ? "bg-paper-warm font-semibold" : "border-b border-sand-soft"}>
      <th scope="row" className="px-4 py-3 text-left font-semibold">
        {row.variant}
      </th>
      {cells.map((cell, index) => (
        <td key={index} className="px-4 py-3 text-right tabular-nums">
          {cell}
        </td>
      ))}
    </tr>
  );
}

/** The per-variant table with a Total row; non-admins see "not found". */
export function ExperimentResults({ notFound }: { notFound: ReactNode }) {
  const metrics = useExperimentMetrics();
  if (metrics.isError && metrics.error instanceof ApiError && metrics.error.status === 404) return notFound;
  return (
    <PageContainer>
      <title>{`${EXPERIMENT_COPY.title} · ${PRODUCT_NAME}`}</title>
      <PageHeading title={EXPERIMENT_COPY.title} description="Landing page A (main) against B (/b): who was shown which, and who went on to convert." />
      <div className="mt-8">
        <MetricsTable metrics={metrics} />
      </div>
    </PageContainer>
  );
}

function MetricsTable({ metrics }: { metrics: ReturnType<typeof useExperimentMetrics> }) {
  if (metrics.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 py-10 text-olive-dark">
        <Spinner />
        {EXPERIMENT_COPY.loading}
      </p>
    );
  }
  if (metrics.isError) {
    const message = metrics.error instanceof ApiError ? EXPERIMENT_COPY.loadFailed : EXPERIMENT_COPY.unexpected;
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert>{message}</Alert>
        <Button variant="secondary" onClick={() => void metrics.refetch()} busy={metrics.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-sand-soft bg-white">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">Assignments and conversions per landing-page variant</caption>
        <thead className="border-b border-sand-soft bg-paper-warm text-olive-dark">
          <tr>
            {COLUMNS.map((column, index) => (
              <th key={column} scope="col" className={`px-4 py-3 font-semibold ${index === 0 ? "text-left" : "text-right"}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {metrics.data.variants.map((row) => (
            <Row key={row.variant} row={row} />
          ))}
          <Row row={metrics.data.total} total />
        </tbody>
      </table>
    </div>
  );
}
