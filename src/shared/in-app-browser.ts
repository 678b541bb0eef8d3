/**
 * Detects in-app web views (Facebook, Instagram, TikTok, LINE, Snapchat, Android WebView).
 * Google refuses OAuth inside these, so the 'Continue with Google' button is hidden there.
 * Pure function: pass the user agent string in.
 */

export const IN_APP_BROWSER_MARKERS: readonly RegExp[] = [
  /FBAN/, // Facebook app (iOS)
  /FBAV/, // Facebook app (Android / iOS)
  /FB_IAB/, // Facebook in-app browser
  /Instagram/, // Instagram
  /TikTok/i, // TikTok
  /musical_ly/, // TikTok (older builds)
  /BytedanceWebview/i, // TikTok / ByteDance web view
  /\bLine\//, // LINE ("Line/12.3.0")
  /Snapchat/i, // Snapchat
  /; wv\)/, // Android System WebView ("...; wv) AppleWebKit...")
];

export function isInAppBrowser(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return IN_APP_BROWSER_MARKERS.some((marker) => marker.test(userAgent));
}
