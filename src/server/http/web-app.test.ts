import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OWN_READS } from "../../shared/own-reads";
import { registerWebApp } from "./web-app";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-web-"));
fs.mkdirSync(path.join(root, "assets"));
fs.writeFileSync(path.join(root, "index.html"), '<!doctype html><head><title>Hey Dad</title><meta name="description" content="x" /></head><div id="root"></div>');
fs.writeFileSync(path.join(root, "assets", "main-abc123.js"), "console.log('hi')");
fs.mkdirSync(path.join(root, "videos"));
fs.writeFileSync(path.join(root, "videos", "clip.en.vtt"), "WEBVTT\n");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const app = registerWebApp({ root, appUrl: "http://localhost:3000" });

describe("serving the web app", () => {
  it("answers any page path with index.html, not cached, so the client router takes over", async () => {
    for (const page of ["/", "/dashboard", `/blog/${OWN_READS[0]!.slug}`, "/activate-gift-code?giftcode=ABC"]) {
      const response = await app.request(page);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("answers a read's page with its own title, description and article meta, and an unknown read 404 with the app (its not-found page)", async () => {
    const read = OWN_READS.find((each) => each.slug === "saying-sorry")!;
    const response = await app.request("/blog/saying-sorry");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${read.title} · Hey Dad</title>`);
    expect(html).toContain(`<meta name="description" content="${read.hook}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/blog/saying-sorry" />');

    for (const unknown of ["/blog/no-such-read", "/blog/Saying-Sorry", "/blog/saying-sorry/extra"]) {
      const missing = await app.request(unknown);
      expect(missing.status, unknown).toBe(404);
      const page = await missing.text();
      expect(page, unknown).toContain('<div id="root">');
      expect(page, unknown).not.toContain("og:title");
    }
    expect((await app.request("/blog")).status).toBe(200);
  });

  it("serves hashed assets with a year-long immutable cache", async () => {
    const response = await app.request("/assets/main-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves caption tracks as text/vtt", async () => {
    const response = await app.request("/videos/clip.en.vtt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await response.text()).toBe("WEBVTT\n");
  });
});
