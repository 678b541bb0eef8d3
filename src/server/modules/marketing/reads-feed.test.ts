import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { OWN_READ_ITEMS } from "../../../shared/own-reads";
import { mergeReads } from "../../../shared/reads-markdown";
import { createReadsFeed, findPreviewImage, parseRssFeed } from "./reads-feed";
import { isPrivateAddress } from "./safe-fetch";

const item = (n: number) => `<item><title><![CDATA[Read ${n}: Bedtime &amp; you]]></title><link>__BASE__/p/read-${n}</link>
<description><![CDATA[<p>Quick idea number ${n} for <b>busy</b> dads.</p>]]></description></item>`;
const rss = (count: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Hey Dad Reads</title><link>__BASE__/</link>${Array.from({ length: count }, (_, i) => item(i + 1)).join("")}</channel></rss>`;

/** The newsletter as a local HTTP server: a feed, articles, and the hostile pages the preview lookup must refuse. */
let feedBody = rss(14);
const hits: string[] = [];
const server = http.createServer((request, response) => {
  const url = request.url ?? "/";
  hits.push(url);
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  if (url === "/feed") {
    response.writeHead(200, { "content-type": "application/rss+xml" });
    return response.end(feedBody.replaceAll("__BASE__", base));
  }
  if (url.startsWith("/p/")) {
    response.writeHead(200, { "content-type": "text/html" });
    return response.end(`<html><head><meta content="/img/${url.slice(3)}.jpg" property="og:image"></head><body>hi</body></html>`);
  }
  if (url === "/redirect-away") {
    // Same server, but reached as 127.0.0.1: another host, and a loopback address.
    response.writeHead(302, { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/p/secret` });
    return response.end();
  }
  if (url === "/huge") {
    response.writeHead(200, { "content-type": "text/html" });
    response.write("<html><head>");
    response.write(`<!-- ${"x".repeat(1024 * 1024 + 10)} -->`);
    return response.end(`<meta property="og:image" content="/img/huge.jpg"></head></html>`);
  }
  if (url === "/slow") {
    response.writeHead(200, { "content-type": "text/html" });
    response.write("<html><head>");
    setTimeout(() => response.end(`<meta property="og:image" content="/img/slow.jpg"></head></html>`), 1500);
    return;
  }
  response.writeHead(404);
  response.end();
});

let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("parsing the RSS feed", () => {
  it("reads title, link and a plain-text hook; minutes are always 3", () => {
    const feed = parseRssFeed(rss(2).replaceAll("__BASE__", "https://news.example.com"));
    expect(feed.siteUrl).toBe("https://news.example.com/");
    expect(feed.items[0]).toEqual({ title: "Read 1: Bedtime & you", href: "https://news.example.com/p/read-1", hook: "Quick idea number 1 for busy dads.", minutes: 3 });
  });

  it("throws on a malformed or non-RSS document", () => {
    expect(() => parseRssFeed("<html><body>oops</body></html>")).toThrow();
    expect(() => parseRssFeed("not xml at all")).toThrow();
    expect(() => parseRssFeed("<rss><channel><item><title>cut off")).toThrow();
  });

  it("finds og:image in any attribute order and resolves it against the page", () => {
    expect(findPreviewImage(`<meta content="/a.jpg" property="og:image">`, "https://x.test/p/1")).toBe("https://x.test/a.jpg");
    expect(findPreviewImage(`<meta name="twitter:image" content="https://cdn.test/b.png">`, "https://x.test/")).toBe("https://cdn.test/b.png");
    expect(findPreviewImage(`<meta property="og:image" content="javascript:alert(1)">`, "https://x.test/")).toBeNull();
  });
});

describe("the feed through the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NEWSLETTER_FEED_URL: `${base}/feed`, RATE_LIMIT: "off" });
  });

  it("returns up to `limit` items, caches the feed, and keeps the last good copy when the feed breaks", async () => {
    const five = await (await t.app.request("/api/substack-feed?limit=5")).json();
    expect(five.items).toHaveLength(5);
    expect(five.items[0]).toMatchObject({ title: "Read 1: Bedtime & you", href: `${base}/p/read-1`, minutes: 3 });
    expect(five.siteUrl).toBe(`${base}/`);
    const twelve = await (await t.app.request("/api/substack-feed?limit=12")).json();
    expect(twelve.items).toHaveLength(12);
    expect(hits.filter((hit) => hit === "/feed")).toHaveLength(1);
    expect((await t.app.request("/api/substack-feed?limit=13")).status).toBe(400);
    expect((await t.app.request("/api/substack-feed?limit=0")).status).toBe(400);
  });

  it("puts the feed's items first and fills the list with the product's own reads (as /blog and the carousel show them)", async () => {
    const three = await (await t.app.request("/api/substack-feed?limit=3")).json();
    const carousel = mergeReads(three.items, OWN_READ_ITEMS, 5);
    expect(carousel.map((read) => read.href)).toEqual([`${base}/p/read-1`, `${base}/p/read-2`, `${base}/p/read-3`, OWN_READ_ITEMS[0]!.href, OWN_READ_ITEMS[1]!.href]);
    expect(carousel[3]).toMatchObject({ href: expect.stringMatching(/^\/blog\/[a-z0-9-]+$/), image: expect.stringMatching(/^\/reads\//), minutes: 3 });
    // A full feed leaves no room; the same link twice is shown once.
    const twelve = await (await t.app.request("/api/substack-feed?limit=12")).json();
    expect(mergeReads(twelve.items, OWN_READ_ITEMS, 12)).toEqual(twelve.items);
    expect(mergeReads([OWN_READ_ITEMS[0]!], OWN_READ_ITEMS, 3)).toEqual(OWN_READ_ITEMS.slice(0, 3));
  });

  it("serves the last good copy after the cache expires and the feed has become malformed", async () => {
    let clock = Date.now();
    const reads = createReadsFeed({ feedUrl: `${base}/feed`, now: () => clock });
    feedBody = rss(3);
    expect((await reads.list(12)).items).toHaveLength(3);
    feedBody = "<rss><channel><item><title>broken";
    clock += 16 * 60 * 1000;
    expect((await reads.list(12)).items).toHaveLength(3);
    const fresh = createReadsFeed({ feedUrl: `${base}/feed` });
    expect(await fresh.list(12)).toEqual({ items: [], siteUrl: null });
    feedBody = rss(14);
  });

  it("answers an empty list when no feed is configured", async () => {
    const off = await createTestApp({ RATE_LIMIT: "off" });
    expect(await (await off.app.request("/api/substack-feed?limit=5")).json()).toEqual({ items: [], siteUrl: null });
    expect((await off.app.request(`/api/substack-og?url=${encodeURIComponent(`${base}/p/read-1`)}`)).status).toBe(400);
  });

  it("refuses preview lookups for another host", async () => {
    for (const url of ["https://evil.example.com/p/1", `http://127.0.0.1:${new URL(base).port}/p/read-1`, "file:///etc/passwd", "not a url"]) {
      const response = await t.app.request(`/api/substack-og?url=${encodeURIComponent(url)}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe("URL_NOT_ALLOWED");
    }
  });

  it("refuses private addresses by default, even on the feed's own host", async () => {
    // The test newsletter runs on localhost, a loopback address: the real lookup refuses it.
    const response = await t.app.request(`/api/substack-og?url=${encodeURIComponent(`${base}/p/read-1`)}`);
    expect(await response.json()).toEqual({ image: null });
  });
});

describe("the preview lookup against the local newsletter", () => {
  // Here the test allows loopback addresses, so each refusal below comes from its own rule. The limit leaves a loaded
  // machine time to answer; the slow answer (1.5 s) is refused under a shorter limit of its own.
  const reads = (timeoutMs = 5_000) => createReadsFeed({ feedUrl: `${base}/feed`, isAddressAllowed: () => true, timeoutMs });

  it("returns the article's og:image", async () => {
    expect(await reads().previewImage(`${base}/p/read-2`)).toBe(`${base}/img/read-2.jpg`);
  });

  it("refuses a redirect to 127.0.0.1 without contacting it", async () => {
    hits.length = 0;
    expect(await reads().previewImage(`${base}/redirect-away`)).toBeNull();
    expect(hits).toEqual(["/redirect-away"]);
  });

  it("refuses a body over 1 MB and a slow answer", async () => {
    expect(await reads().previewImage(`${base}/huge`)).toBeNull();
    expect(await reads(300).previewImage(`${base}/slow`)).toBeNull();
  });

  it("classifies private addresses", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) expect(isPrivateAddress(address), address).toBe(false);
  });
});
