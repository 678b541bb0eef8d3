// `npm run build`, after `vite build`: renders the public pages to HTML once (react-dom/static),
// so the server can send each page's content with the document and the browser paints it before
// any JavaScript runs; main.tsx then hydrates it. Writes dist/web/prerendered.json, read by
// src/server/http/web-app.ts. Queries stay pending here, so data-driven parts show their skeletons.
import fs from "node:fs";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { LANDING_VARIANTS, type LandingVariant } from "../src/shared/experiment";
import { OWN_READ_PATHS } from "../src/shared/own-reads";
import { PRERENDERED_PATHS, prerenderKey } from "../src/shared/public-pages";
import { LandingVariantContext } from "../src/web/lib/experiment";
import { routes } from "../src/web/router";

const handler = createStaticHandler(routes);

async function render(pathname: string, variant?: LandingVariant) {
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = () => (
    <LandingVariantContext value={variant ?? null}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </LandingVariantContext>
  );
  // The first pass waits for every lazy component; the second renders them in place, in order
  // (a boundary that suspended would come out as an inline script moving it, which the CSP blocks).
  await prerender(page());
  // React writes the route's <title> first; the server puts the page's title into <head> itself.
  const html = renderToString(page()).replace(/^<title>[^<]*<\/title>/, "");
  if (html.includes("<script")) throw new Error(`${pathname} rendered an inline script, which the CSP blocks`);
  return html;
}

const pages: Record<string, string> = {};
// The public pages, then every own read's article page (/blog/{slug}).
for (const pathname of [...PRERENDERED_PATHS, ...OWN_READ_PATHS]) {
  if (pathname === "/") {
    for (const variant of LANDING_VARIANTS) pages[prerenderKey(pathname, variant)] = await render(pathname, variant);
  } else {
    pages[prerenderKey(pathname)] = await render(pathname);
  }
}
fs.writeFileSync("dist/web/prerendered.json", JSON.stringify(pages));
console.log(`Prerendered ${Object.keys(pages).length} pages: ${Object.keys(pages).join(", ")}`);
