import { PRODUCT_NAME } from "../../../shared/product";

export type EmailContent = {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A second, quieter choice under the button (e.g. 'Decline' beside 'Accept'). */
  secondaryAction?: { label: string; url: string };
  closing?: string;
  /** Adds the one-click unsubscribe line at the bottom (list emails). */
  unsubscribeUrl?: string;
};

export const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** A date as a reader sees it in his own time zone: 'November 27, 2026'. */
export const emailDate = (instant: Date, timeZone: string) => instant.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone });

/** Renders a plain, readable HTML email with its text alternative. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const closing = content.closing ?? `— The ${PRODUCT_NAME} team`;
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.55">${escapeHtml(p)}</p>`).join("");
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#353535;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(content.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#5f5e55">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#353535;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const secondary = content.secondaryAction
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.secondaryAction.url)}" style="color:#353535">${escapeHtml(content.secondaryAction.label)}</a></p>`
    : "";
  // The viewport line makes phone mail apps lay the message out at the screen's width instead of a shrunken
  // desktop page; the narrow paddings keep the text column wide on a 360 px screen.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(content.heading)}</title>
<style>@media (max-width:480px){.frame{padding:16px 8px!important}.card{padding:20px 16px!important}h1{font-size:20px!important}}</style></head>
<body style="margin:0;background:#f4f3ef;font-family:Inter,Helvetica,Arial,sans-serif;font-size:16px;color:#353535;-webkit-text-size-adjust:100%;text-size-adjust:100%">
<div class="frame" style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="font-weight:700;font-size:18px;margin-bottom:20px">${PRODUCT_NAME}</div>
<div class="card" style="background:#ffffff;border:1px solid #D2D7DF;border-radius:12px;padding:28px;overflow-wrap:break-word">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${paragraphs}${action}${secondary}
<p style="margin:24px 0 0">${escapeHtml(closing)}</p>
</div>${
    content.unsubscribeUrl
      ? `<p style="margin:16px 0 0;font-size:13px;color:#5f5e55;text-align:center">You get this because you joined the Dad Moves list. <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#353535">Unsubscribe</a></p>`
      : ""
  }</div></body></html>`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.secondaryAction ? [`${content.secondaryAction.label}: ${content.secondaryAction.url}`, ""] : []),
    closing,
    ...(content.unsubscribeUrl ? ["", `Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join("\n");
  return { html, text };
}
