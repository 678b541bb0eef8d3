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
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;background:#f4f3ef;font-family:Inter,Helvetica,Arial,sans-serif;color:#353535">
<div style="max-width:560px;margin:0 auto;padding:32px 20px">
<div style="font-weight:700;font-size:18px;margin-bottom:20px">${PRODUCT_NAME}</div>
<div style="background:#ffffff;border:1px solid #D2D7DF;border-radius:12px;padding:28px">
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
