import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/app-env";
import { z } from "zod";
import { httpErrors } from "../../http/app-error";
import { validate } from "../../http/validate";
import type { createMailboxRepository } from "./email.repository";

const escapeHtml = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:Inter,Helvetica,Arial,sans-serif;color:#353535;margin:0;background:#f4f3ef}
main{max-width:880px;margin:0 auto;padding:24px 16px}h1{font-size:22px}.note{color:#5f5e55}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #D2D7DF;border-radius:12px}
th,td{text-align:left;padding:12px;border-bottom:1px solid #D2D7DF;font-size:15px}a{color:#353535}
.bar{background:#353535;color:#fff;padding:12px 16px;font-family:Inter,Helvetica,Arial,sans-serif;font-size:14px}
.bar a{color:#fff}</style></head><body>${body}</body></html>`;

/** The development mailbox (only without SMTP_URL, never in production). */
export function registerMailboxRoutes(options: { mailbox: ReturnType<typeof createMailboxRepository>; allows: (c: Context<AppEnv>) => boolean }) {
  const app = new Hono<AppEnv>();
  // Reset and confirmation links are in here: only this machine may read them unless DEV_MAILBOX=on.
  const onlyAllowed: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!options.allows(c)) throw httpErrors.notFound("The development mailbox opens only on the machine the app runs on (or set DEV_MAILBOX=on).");
    await next();
  };

  app.get("/dev/mailbox", onlyAllowed, async (c) => {
    const messages = await options.mailbox.list();
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td><time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time></td></tr>`,
      )
      .join("");
    const table = messages.length
      ? `<table><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Sent</th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p>No messages yet. Emails the app sends (confirmations, password resets, gift codes) appear here.</p>`;
    return c.html(
      page("Development mailbox", `<main><h1>Development mailbox</h1><p class="note">Every email is kept here because no SMTP_URL is set. Newest first.</p>${table}</main>`),
    );
  });

  app.get("/dev/mailbox/:id", onlyAllowed, validate("param", z.object({ id: z.uuid() })), async (c) => {
    const message = await options.mailbox.find(c.req.valid("param").id);
    if (!message) throw httpErrors.notFound("No such message.");
    const files = message.attachments
      .map((file, index) => ` · Attachment: <a href="/dev/mailbox/${message.id}/attachments/${index}">${escapeHtml(file.filename)}</a>`)
      .join("");
    const bar = `<div class="bar"><a href="/dev/mailbox">← Mailbox</a> · To: ${escapeHtml(message.to)} · ${escapeHtml(message.subject)}${files}</div>`;
    const withBar = message.html.includes("<body")
      ? message.html.replace(/<body([^>]*)>/, `<body$1>${bar}`)
      : page(message.subject, `${bar}${message.html}`);
    const styled = withBar.replace("</head>", `<style>.bar{background:#353535;color:#fff;padding:12px 16px;font-family:Inter,Helvetica,Arial,sans-serif;font-size:14px}.bar a{color:#fff}</style></head>`);
    return c.html(styled);
  });

  app.get("/dev/mailbox/:id/attachments/:index", onlyAllowed, validate("param", z.object({ id: z.uuid(), index: z.coerce.number().int().min(0) })), async (c) => {
    const { id, index } = c.req.valid("param");
    const file = (await options.mailbox.find(id))?.attachments[index];
    if (!file) throw httpErrors.notFound("No such attachment.");
    return c.body(Buffer.from(file.contentBase64, "base64"), 200, {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
    });
  });

  app.get("/api/dev/mailbox", onlyAllowed, async (c) => c.json({ messages: await options.mailbox.list() }));

  return app;
}
