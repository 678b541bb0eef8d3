import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { getCookie, setCookie } from "hono/cookie";
import type { LandingVariant } from "../../shared/experiment";
import { LANDING_VARIANT_COOKIE } from "../../shared/landing-variant-cookie";
import { ownReadForPath, ownReadTitle } from "../../shared/own-reads";
import { findPublicPage, type PublicPage, prerenderKey } from "../../shared/public-pages";

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

/** The page a path shows, for its meta tags: one of the product's own reads (/blog/{slug}) or a public page. */
function pageFor(pathname: string): (PublicPage & { type: "article" | "website" }) | undefined {
  const read = ownReadForPath(pathname);
  if (read) return { path: `/blog/${read.slug}`, title: ownReadTitle(read), description: read.hook, inSitemap: true, type: "article" };
  const page = findPublicPage(pathname);
  return page && { ...page, type: "website" };
}

/** /blog/{slug} for a slug that is not one of the reads: the app shows its not-found page, answered 404. */
const isUnknownRead = (pathname: string) => /^\/blog\/[^/]/.test(pathname) && !ownReadForPath(pathname);

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

/** The app's own chunk (React, the router, start-app.tsx), which src/web/main.tsx imports. */
const APP_CHUNK_NAME = "start-app";

/**
 * <link rel="modulepreload"> for the app chunk, the page's route chunk and their imports, so they
 * download alongside the entry instead of after it (one round trip less before the page paints).
 * Not for prerendered pages: they paint from the HTML, and their JavaScript waits for that paint.
 */
export function routePreloads(manifest: Manifest, pathname: string) {
  const page = findPublicPage(pathname);
  const routeKey = ownReadForPath(pathname) ? "routes/blog-article.tsx" : page ? ROUTE_MODULES[page.path] : undefined;
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || name === "index.html" || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  const appKey = Object.keys(manifest).find((key) => manifest[key]!.name === APP_CHUNK_NAME);
  if (appKey) visit(appKey);
  if (routeKey) visit(routeKey);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join("\n    ");
}

/** The page's own title, description, canonical link and Open Graph tags, for crawlers and link previews. */
export function withPageMeta(html: string, options: { pathname: string; appUrl: string }) {
  const page = pageFor(options.pathname);
  if (!page || isUnknownRead(options.pathname)) return html;
  const url = `${options.appUrl.replace(/\/+$/, "")}${page.path === "/" ? "/" : page.path}`;
  const title = escapeAttribute(page.title);
  const description = escapeAttribute(page.description);
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    `<meta property="og:type" content="${page.type}" />`,
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
 * Puts a prerendered page (scripts/prerender.tsx) into the document's root element, marked
 * with the path (and the landing variant) it shows, so main.tsx knows it may hydrate it.
 */
export function withPrerenderedPage(html: string, page: { pathname: string; variant?: LandingVariant; content: string }) {
  const variant = page.variant ? ` data-variant="${page.variant}"` : "";
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerendered="${escapeAttribute(page.pathname)}"${variant}>${page.content}</div>`,
  );
}

/** The visitor's landing variant from its cookie; a first visit is drawn here and the cookie set. */
function landingVariant(c: Context, random = Math.random): LandingVariant {
  const kept = getCookie(c, LANDING_VARIANT_COOKIE);
  if (kept === "A" || kept === "B") return kept;
  const drawn = random() < 0.5 ? "A" : "B";
  setCookie(c, LANDING_VARIANT_COOKIE, drawn, { path: "/", maxAge: 31_536_000, sameSite: "Lax" });
  return drawn;
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
  const prerenderedFile = path.join(options.root, "prerendered.json");
  const readJson = <T,>(file: string, fallback: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : fallback);
  // Read once the build exists: a new build comes with a restart.
  let built: { index: string; manifest: Manifest; prerendered: Record<string, string> } | undefined;
  // The documents are built per request (meta, page), so they are compressed per request too.
  app.get("*", compress(), (c) => {
    if (!built && fs.existsSync(indexFile)) {
      built = { index: fs.readFileSync(indexFile, "utf8"), manifest: readJson(manifestFile, {}), prerendered: readJson(prerenderedFile, {}) };
    }
    if (!built) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    const { manifest, prerendered } = built;
    const pathname = c.req.path;
    const html = withPageMeta(built.index, { pathname, appUrl: options.appUrl });
    const variant = pathname === "/" ? landingVariant(c) : undefined;
    const content = prerendered[prerenderKey(pathname, variant)];
    if (variant) c.header("Vary", "Cookie");
    if (content) return c.html(withPrerenderedPage(html, { pathname, variant, content }));
    return c.html(html.replace("</head>", `  ${routePreloads(manifest, pathname)}\n  </head>`), isUnknownRead(pathname) ? 404 : 200);
  });
  return app;
}
