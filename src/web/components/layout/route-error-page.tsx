import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClassName } from "../ui/button";

/** Shown when a route fails to load (e.g. a lazy chunk after a deploy) or throws. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <title>{notFound ? "Page not found · Hey Dad" : "Something went wrong · Hey Dad"}</title>
      <h1 className="text-3xl font-bold tracking-tight">
        {notFound ? "Page not found" : "Something went wrong"}
      </h1>
      <p className="text-olive-dark">
        {notFound
          ? "We couldn't find that page."
          : "This page didn't load. Your recordings are safe. Please reload and try again."}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonClassName({ variant: "primary" })}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <Link to="/" className={buttonClassName({ variant: "secondary" })}>
          Go home
        </Link>
      </div>
    </main>
  );
}
