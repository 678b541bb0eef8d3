import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { findPublicPage } from "../../shared/public-pages";

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The route module behind each public page (src/web/router.tsx), for preloading its chunks. */
const ROUTE_MODULES: Record<string, string> = {
  "/": "routes/landing.tsx",
  "/b": "routes/landing-b.tsx",
  "/five-minutes": "routes/five-minutes.tsx",
  "/six-minutes": "routes/five-minutes.tsx",
  "/dadmoves": "routes/dadmoves.tsx",
  "/blog": "routes/blog.tsx",
  "/privacy": "routes/legal.tsx",
  "/terms": "routes/legal.tsx",
  "/about": "routes/about.tsx",
};

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * <link rel="modulepreload"> for a page's route chunk and its imports, so they download
 * alongside the entry instead of after it (one round trip less before the page paints).
 */
export function routePreloads(manifest: Manifest, pathname: string) {
  const page = findPublicPage(pathname);
  const key = page ? ROUTE_MODULES[page.path] : undefined;
  if (!key || !manifest[key]) return "";
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || name === "index.html" || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join("\n    ");
}

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

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root: relativeRoot, precompressed: true }));
  // Caption tracks: the static server does not know .vtt, and under nosniff a browser drops a track that is not text/vtt.
  app.use("*", async (c, next) => {
    await next();
    if (c.req.path.endsWith(".vtt") && c.res.ok) c.res.headers.set("Content-Type", "text/vtt; charset=utf-8");
  });
  app.use("*", serveStatic({ root: relativeRoot, index: "__no_index__", precompressed: true }));
  const manifestFile = path.join(options.root, ".vite/manifest.json");
  // Read once the build exists: a new build comes with a restart.
  let built: { index: string; manifest: Manifest } | undefined;
  app.get("*", (c) => {
    if (!built && fs.existsSync(indexFile)) {
      const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest) : {};
      built = { index: fs.readFileSync(indexFile, "utf8"), manifest };
    }
    if (!built) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    const { manifest } = built;
    const html = withPageMeta(built.index, { pathname: c.req.path, appUrl: options.appUrl });
    return c.html(html.replace("</head>", `  ${routePreloads(manifest, c.req.path)}\n  </head>`));
  });
  return app;
}
