import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { OWN_READ_PATHS } from "../../../shared/own-reads";
import { PUBLIC_PAGES } from "../../../shared/public-pages";

const escapeXml = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** /robots.txt and /sitemap.xml, listing every public page and own read on the configured APP_URL. */
export function registerSeoRoutes(options: { appUrl: string }) {
  const app = new Hono<AppEnv>();
  const base = options.appUrl.replace(/\/+$/, "");

  app.get("/robots.txt", (c) =>
    c.text(["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /dev/", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n")),
  );

  app.get("/sitemap.xml", (c) => {
    const urls = [...PUBLIC_PAGES.filter((page) => page.inSitemap).map((page) => page.path), ...OWN_READ_PATHS]
      .map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc><changefreq>weekly</changefreq></url>`)
      .join("\n");
    c.header("content-type", "application/xml; charset=utf-8");
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
  return app;
}
