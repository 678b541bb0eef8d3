import { createServer, type RequestListener } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { responseWithSecurityHeaders, securityHeaderList } from "./security-headers";

const HEADERS = securityHeaderList({ https: true, metaPixel: false });

/** Serves `listener` over real HTTP with the app's response class, and returns the answer to one GET. */
async function answerOf(listener: RequestListener) {
  const server = createServer({ ServerResponse: responseWithSecurityHeaders(HEADERS) }, listener);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const body = await response.text();
    return { status: response.status, body, headers: response.headers };
  } finally {
    server.close();
  }
}

const expectEverySecurityHeaderBut = (headers: Headers, except: string[]) => {
  for (const [name, value] of HEADERS) if (!except.includes(name.toLowerCase())) expect([name, headers.get(name)]).toEqual([name, value]);
};

describe("security headers on every response", () => {
  it("carries every security header on a response that gives its own headers as it writes the status", async () => {
    const { status, body, headers } = await answerOf((_request, response) => response.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
    expect([status, body, headers.get("content-type")]).toEqual([200, "{}", "application/json"]);
    expectEverySecurityHeaderBut(headers, []);
  });

  it("carries them on a response that writes no headers of its own", async () => {
    const { headers } = await answerOf((_request, response) => response.end("ok"));
    expectEverySecurityHeaderBut(headers, []);
  });

  it("lets a header the app gives as it writes the status win, whatever its case", async () => {
    const { headers } = await answerOf((_request, response) => response.writeHead(200, { "referrer-policy": "no-referrer", "X-FRAME-OPTIONS": "SAMEORIGIN" }).end());
    expect([headers.get("referrer-policy"), headers.get("x-frame-options")]).toEqual(["no-referrer", "SAMEORIGIN"]);
    expectEverySecurityHeaderBut(headers, ["referrer-policy", "x-frame-options"]);
  });

  it("lets a header the app set one by one win, and keeps the last of a name given twice in different case", async () => {
    const { headers } = await answerOf((_request, response) => {
      response.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      response.writeHead(200, { "Content-Type": "text/plain", "content-type": "text/html" }).end();
    });
    expect([headers.get("cross-origin-resource-policy"), headers.get("content-type")]).toEqual(["cross-origin", "text/html"]);
    expectEverySecurityHeaderBut(headers, ["cross-origin-resource-policy"]);
  });

  it("lets a header given twice in different case as the status is written come out once, the last", async () => {
    const { headers } = await answerOf((_request, response) => response.writeHead(200, { "X-Content-Type-Options": "nosniff", "content-type": "text/plain", "Content-Type": "text/html" }).end());
    expect(headers.get("content-type")).toBe("text/html");
    expectEverySecurityHeaderBut(headers, []);
  });
});
