import { secureHeaders } from "hono/secure-headers";

/** Meta's pixel script and its beacon host, allowed only when META_PIXEL_ID is set. */
export const META_PIXEL_HOSTS = { script: "https://connect.facebook.net", beacon: "https://www.facebook.com" } as const;

/**
 * Security headers on every response: a CSP with no inline scripts, no framing, no sniffing.
 * The CSP follows the config: third-party hosts appear only for services that are switched on
 * (the S3 bucket's origin for presigned media, Meta's hosts for the pixel).
 */
export function securityHeaders(options: { https: boolean; storageOrigin?: string; metaPixel: boolean }) {
  const storage = options.storageOrigin ? [options.storageOrigin] : [];
  const pixel = options.metaPixel ? [META_PIXEL_HOSTS.script, META_PIXEL_HOSTS.beacon] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(options.metaPixel ? [META_PIXEL_HOSTS.script] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:", ...storage],
      mediaSrc: ["'self'", "blob:", ...storage],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...storage, ...pixel],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
  });
}
