import { Compass } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { ButtonLink } from "../components/ui/button";

export function NotFoundRoute() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 px-4 py-24 text-center">
      <title>{`Page not found · ${PRODUCT_NAME}`}</title>
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-mist-soft text-olive-dark">
        <Compass className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="max-w-sm text-olive-dark">
        We couldn't find that page. It may have moved, or the link may be mistyped.
      </p>
      <ButtonLink to="/">Go home</ButtonLink>
    </div>
  );
}
