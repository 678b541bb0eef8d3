import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { SCREENS_DIR, saveScreenshot } from "../support/screens";

type Server = Awaited<ReturnType<typeof startE2eServer>>;

/**
 * A memory 'at 18' for two children opens for each on their own 18th birthday: Dad's card, its open view and
 * 'Coming up' on the dashboard say each child's own date, in the browser's way of writing dates, and the vault says
 * when the family gets it for each child, at a phone's width and a desktop's.
 */
describe.skipIf(!browserAvailable)("each child's own date in Chromium", () => {
  const browser = useBrowser();
  let server: Server;

  beforeAll(async () => {
    server = await startE2eServer();
  });

  const views = [
    { viewport: { width: 360, height: 800 }, locale: "en-GB", line: "Opens for Emma on 14 Mar 2033, for Noah on 2 Jun 2037" },
    { viewport: { width: 1280, height: 900 }, locale: "en-US", line: "Opens for Emma on Mar 14, 2033; for Noah on Jun 2, 2037" },
  ];

  it.each(views)("shows both dates on the card at $viewport.width px ($locale)", async ({ viewport, locale, line }) => {
    const page = await browser.newPage(viewport, { locale });
    const email = `dates${viewport.width}-${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email, { timeZone: "UTC" });
    const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
    const kids = await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Emma', '2015-03-14'), ($1, 'Noah', '2019-06-02') RETURNING id", [rows[0].id]);
    const saved = await page.request.post(`${server.baseUrl}/api/narrations`, {
      headers: { origin: server.baseUrl },
      multipart: { data: JSON.stringify({ kind: "note", title: "When you are 18", notes: "Read this on your birthday.", childIds: kids.rows.map((kid) => kid.id), unlockType: "age", unlockAge: 18 }) },
    });
    expect(saved.status()).toBe(201);
    // Margaret receives for both children (accepted, as if she had tapped 'Accept').
    await server.pool.query("INSERT INTO guardians (user_id, name, email, relation, status, invite_token_hash) VALUES ($1, 'Margaret', $2, 'grandparent', 'accepted', $2)", [rows[0].id, `margaret-${email}`]);

    await page.goto(`${server.baseUrl}/dashboard`);
    const card = page.locator("button[data-memory-kind=note]", { hasText: "When you are 18" });
    await card.waitFor();
    expect(await card.getByTestId("child-dates").textContent()).toBe(line);
    await card.getByText("Age 18").waitFor();
    // The card holds the line inside its own width (no text spilling past it at 360 px).
    expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    const comingUp = page.getByRole("region", { name: "Coming up" });
    await comingUp.getByText("Next to unlock for Emma · Age 18").waitFor();
    await comingUp.getByText("Next to unlock for Noah · Age 18").waitFor();
    await saveScreenshot(page, path.join(SCREENS_DIR, `child-dates-dashboard-${viewport.width}.png`), { fullPage: true });

    await card.click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByTestId("child-dates").textContent()).toBe(line);
    await saveScreenshot(page, path.join(SCREENS_DIR, `child-dates-open-${viewport.width}.png`));
    await page.keyboard.press("Escape");

    // In the vault, the open memory says when Margaret gets it for each child: on each one's own birthday, at 08:00.
    await page.goto(`${server.baseUrl}/vault`);
    await page.getByRole("button", { name: /When you are 18/ }).first().click();
    const opened = page.getByRole("dialog", { name: "When you are 18" });
    await opened.getByText("Margaret gets it on Mon 14 Mar 2033 at 8 am (for Emma)").waitFor();
    await opened.getByText("Margaret gets it on Tue 2 Jun 2037 at 8 am (for Noah)").waitFor();
    await saveScreenshot(page, path.join(SCREENS_DIR, `child-dates-deliveries-${viewport.width}.png`));
    await page.keyboard.press("Escape");

    // Emma's 18th birthday has come (recorded as the unlock job records it): open for her, still waiting for Noah.
    const memoryId = (await saved.json()).id as string;
    await server.pool.query("UPDATE memory_unlock_instants SET unlocked_at = opens_at WHERE memory_id = $1 AND child_id = $2", [memoryId, kids.rows[0].id]);
    await server.pool.query(
      "INSERT INTO memory_unlocks (memory_id, memory_kind, child_id, user_id, unlock_type, unlocked_at, dispatched_at) SELECT memory_id, memory_kind, child_id, user_id, unlock_type, opens_at, now() FROM memory_unlock_instants WHERE memory_id = $1 AND child_id = $2",
      [memoryId, kids.rows[0].id],
    );
    await page.reload();
    await page.getByRole("button", { name: /When you are 18/ }).first().click();
    await opened.getByText(locale === "en-GB" ? "Open for Emma; opens for Noah on 2 Jun 2037" : "Open for Emma; opens for Noah on Jun 2, 2037").waitFor();
    await page.keyboard.press("Escape");
    // Editing it says Emma keeps it, whatever the new rule.
    await page.getByRole("button", { name: "Edit When you are 18" }).click();
    const edit = page.getByRole("dialog", { name: "Edit memory" });
    await edit.getByText("Already unlocked: it stays open for the children it has opened for.").waitFor();
    await edit.getByText("It opens for each child you chose on their own birthday at this age.").waitFor();
    await saveScreenshot(page, path.join(SCREENS_DIR, `child-dates-edit-opened-for-one-${viewport.width}.png`));
    await page.keyboard.press("Escape");

    // Each child's own page: Noah's says his own date; Emma's has it open, with no date left to say.
    const childCard = () => page.locator("button[data-memory-kind=note]", { hasText: "When you are 18" });
    await page.goto(`${server.baseUrl}/videos?child=${kids.rows[1].id}`);
    expect(await childCard().getByTestId("child-dates").textContent()).toBe(locale === "en-GB" ? "Opens for Noah on 2 Jun 2037" : "Opens for Noah on Jun 2, 2037");
    await saveScreenshot(page, path.join(SCREENS_DIR, `child-dates-noah-page-${viewport.width}.png`), { fullPage: true });
    await page.goto(`${server.baseUrl}/videos?child=${kids.rows[0].id}`);
    await childCard().getByText("Age 18").waitFor();
    expect(await childCard().getByTestId("child-dates").count()).toBe(0);
    await page.close();
  });
});
