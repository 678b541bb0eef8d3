import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { signedInDad, startE2eServer } from "../support/e2e-server";

describe.skipIf(!browserAvailable)("'Download everything' in Chromium", () => {
  const browser = useBrowser();

  it("starts from Settings, shows the archive becoming ready without a reload, emails a link that downloads it; an expired link offers a new one", { timeout: 120_000 }, async () => {
    const server = await startE2eServer();
    const page = await browser.newPage({ width: 360, height: 800 });
    page.setDefaultTimeout(15_000);
    const email = `export${Date.now()}@example.com`;
    await signedInDad(server, page, email);
    await server.pool.query("INSERT INTO children (user_id, name, birthdate) SELECT id, 'Maya', '2016-04-02' FROM users WHERE email = $1", [email]);

    await page.goto(`${server.baseUrl}/settings`);
    const section = page.getByRole("region", { name: "Data management" });
    await section.getByRole("button", { name: "Download everything" }).click();
    // Ready while the page stays open: the polled status turns into the download button.
    const download = section.getByRole("link", { name: "Download the archive" });
    await download.waitFor();
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/api\/exports\/[0-9a-f-]{36}\/download$/);

    const message = await server.latestEmail(email, "archive is ready");
    const link = message.text.match(/https?:\/\/\S+\/archive\/[0-9a-f-]{36}/)![0];
    await page.goto(link);
    await page.getByRole("link", { name: "Download the archive" }).waitFor();
    const response = await page.request.get(`${server.baseUrl}${href}`);
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 2).toString()).toBe("PK");

    await server.pool.query("UPDATE archives SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email]);
    await page.reload();
    await page.getByText("This download link has expired. Archives are kept for 7 days.").waitFor();
    await page.getByRole("button", { name: "Build a new archive" }).click();
    await page.getByRole("link", { name: "Download the archive" }).waitFor();
  });
});
