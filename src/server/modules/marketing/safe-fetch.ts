import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (IPv4 and IPv6). */
export function isPrivateAddress(address: string): boolean {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return isPrivateAddress(mapped[1]!);
  if (net.isIPv4(address)) {
    const [a, b] = address.split(".").map(Number) as [number, number];
    return (
      a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  if (net.isIPv6(address)) {
    const lower = address.toLowerCase();
    return lower === "::" || lower === "::1" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith("ff") || lower.startsWith("64:ff9b:");
  }
  return true;
}

export class FetchRefused extends Error {}

export type SafeFetchOptions = {
  /** The only host (name and port) a request, or any redirect, may go to. */
  allowedHost: string;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Which resolved addresses may be contacted; by default none that is private. */
  isAddressAllowed?: (address: string) => boolean;
};

/**
 * GET for untrusted URLs (no open proxy): http(s) only, one host, every resolved address
 * checked at connect time (so DNS rebinding cannot slip a private address in), redirects
 * followed by hand and checked again, the whole exchange under a deadline, the body capped.
 */
export async function safeFetchText(url: string, options: SafeFetchOptions): Promise<{ url: string; contentType: string; body: string }> {
  const isAllowed = options.isAddressAllowed ?? ((address: string) => !isPrivateAddress(address));
  const deadline = Date.now() + options.timeoutMs;
  let current = new URL(url);
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    if (current.protocol !== "http:" && current.protocol !== "https:") throw new FetchRefused(`protocol ${current.protocol}`);
    if (current.host !== options.allowedHost) throw new FetchRefused(`host ${current.host}`);
    const hostname = current.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(hostname) && !isAllowed(hostname)) throw new FetchRefused(`address ${hostname}`);
    const answer = await requestOnce(current, { isAllowed, maxBytes: options.maxBytes, remainingMs: deadline - Date.now() });
    if (answer.location) {
      current = new URL(answer.location, current);
      continue;
    }
    return { url: current.toString(), contentType: answer.contentType, body: answer.body };
  }
  throw new FetchRefused("too many redirects");
}

function requestOnce(url: URL, options: { isAllowed: (address: string) => boolean; maxBytes: number; remainingMs: number }) {
  return new Promise<{ location?: string; contentType: string; body: string }>((resolve, reject) => {
    if (options.remainingMs <= 0) return reject(new FetchRefused("timed out"));
    const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
      dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
        if (error) return callback(error, "", 4);
        const list = addresses as dns.LookupAddress[];
        const refused = list.find((entry) => !options.isAllowed(entry.address));
        if (refused || list.length === 0) return callback(new FetchRefused(`address ${refused?.address ?? "none"}`), "", 4);
        if (lookupOptions.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        callback(null, list[0]!.address, list[0]!.family);
      });
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(url, { lookup, headers: { "user-agent": "HeyDad-PreviewBot/1.0", accept: "text/html,application/xhtml+xml" } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return resolve({ location: response.headers.location, contentType: "", body: "" });
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return reject(new FetchRefused(`status ${status}`));
      }
      const declared = Number(response.headers["content-length"] ?? 0);
      if (declared > options.maxBytes) {
        request.destroy();
        return reject(new FetchRefused("body too large"));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy(new FetchRefused("body too large"));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => resolve({ contentType: String(response.headers["content-type"] ?? ""), body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    const timer = setTimeout(() => request.destroy(new FetchRefused("timed out")), options.remainingMs);
    request.on("close", () => clearTimeout(timer));
    request.on("error", (error) => reject(error instanceof FetchRefused ? error : new FetchRefused(error.message)));
  });
}
