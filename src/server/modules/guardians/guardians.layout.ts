import { PRODUCT_NAME } from "../../../shared/product";
import { FAMILY_BODY_FONT_URL, FAMILY_FONT_FACES } from "./guardians.assets";

export const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

/**
 * The frame of the pages the family sees (invitation, child's page): plain server-rendered HTML (the child's page adds
 * one small script), so it opens at once on any phone, in the product's own Inter, served by the app.
 */
export function familyLayout(options: { title: string; body: string; head?: string }) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)} · ${PRODUCT_NAME}</title>
<link rel="preload" href="${FAMILY_BODY_FONT_URL}" as="font" type="font/woff2" crossorigin>
<style>
${FAMILY_FONT_FACES}
*{box-sizing:border-box}
body{margin:0;overflow-wrap:anywhere;background:#f4f3ef;color:#353535;font:16px/1.55 Inter,system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
header{background:#353535;color:#fff;padding:14px 20px;font-weight:700;font-size:18px}
main{max-width:720px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:26px;line-height:1.25;margin:0 0 12px}
h2{font-size:20px;line-height:1.3;margin:0 0 8px}
p{margin:0 0 14px}
.card{background:#fff;border:1px solid #D2D7DF;border-radius:12px;padding:20px;margin:0 0 16px}
.muted{color:#5f5e55;font-size:15px}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:10px 20px;border-radius:8px;border:1px solid #353535;background:#353535;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button.secondary{background:#fff;color:#353535}
.button:focus-visible,a:focus-visible{outline:3px solid #9a5b12;outline-offset:2px}
a{color:#353535}
input[type=email]{font:inherit;min-height:44px;width:100%;padding:8px 12px;border:1px solid #8A897C;border-radius:8px}
label{font-weight:600;display:block;margin-bottom:6px}
</style>${options.head ?? ""}</head><body><header>${PRODUCT_NAME}</header><main>${options.body}</main></body></html>`;
}
