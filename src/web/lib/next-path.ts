/** The query parameter that brings a visitor back where he was after signing in (/login?next=/activate-gift-code?giftcode=…). */
export const NEXT_PARAM = "next";

/**
 * `next` only when it is a path inside this app ('/x', never '//host', '/\host' or 'https://…'),
 * so a crafted login link cannot send a dad to another site after he signs in.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters and whitespace are dropped by URL parsers, turning '/\t/host' into '//host'.
  if (/\s/.test(value) || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  return value;
}

/** /login that comes back to `path` once the dad has signed in. */
export const loginReturningTo = (path: string) => `/login?${NEXT_PARAM}=${encodeURIComponent(path)}`;
