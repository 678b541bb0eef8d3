import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { findPublicPage } from "../../shared/public-pages";

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The page's own title, description, canonical link and Open Graph tags, for crawlers and link previews. */
export function withPageMeta(html: string, options: { pathname: string; appUrl: string }) {
  const page = findPublicPage(options.pathname);
  if (!page) return html;
  const url = `${options.appUrl.replace(/\/+$/, "")}${page.path === "/" ? "/" : page.path}`;
  const title = escapeAttribute(page.title);
  const description = escapeAttribute(page.description);
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Hey Dad" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttribute(url)}" />`,
    `<meta property="og:image" content="${escapeAttribute(`${options.appUrl.replace(/\/+$/, "")}/og-image.png`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join("\n    ");
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, `<meta name="description" content="${description}" />`)
    .replace("</head>", `    ${tags}\n  </head>`);
}

/**
 * Serves the built single-page app from `root` (dist/web): hashed assets cached for a year,
 * every other non-API path answered with index.html so the client router takes over.
 */
export function registerWebApp(options: { root: string; appUrl: string }) {
  const app = new Hono();
  const indexFile = path.join(options.root, "index.html");
  const relativeRoot = path.relative(process.cwd(), options.root) || ".";

  app.use(
    "/assets/*",
    serveStatic({
      root: relativeRoot,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root: relativeRoot, index: "__no_index__", precompressed: true }));
  app.get("*", (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(withPageMeta(fs.readFileSync(indexFile, "utf8"), { pathname: c.req.path, appUrl: options.appUrl }));
  });
  return app;
}
