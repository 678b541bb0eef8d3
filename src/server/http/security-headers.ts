import { secureHeaders } from "hono/secure-headers";

/**
 * Security headers on every response: a CSP with no inline scripts, no framing, no sniffing.
 * With S3 storage, media and fetches may also come from the bucket's origin (presigned links).
 */
export function securityHeaders(options: { https: boolean; storageOrigin?: string }) {
  const storage = options.storageOrigin ? [options.storageOrigin] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:", ...storage],
      mediaSrc: ["'self'", "blob:", ...storage],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...storage],
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
