import { ExperimentResults } from "../features/experiment/components/experiment-results";
import { NotFoundRoute } from "./not-found";

/** Admins only (ADMIN_EMAILS); everyone else sees the ordinary "Page not found". */
export function ExperimentResultsRoute() {
  return <ExperimentResults notFound={<NotFoundRoute />} />;
}
