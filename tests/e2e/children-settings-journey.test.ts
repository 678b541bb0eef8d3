import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { startE2eServer } from "../support/e2e-server";
import { pngFromCanvas } from "../support/images";

/** A date `years` years and `days` days before today, as YYYY-MM-DD (local time, like the browser). */
function birthdateFor(years: number, daysUntilBirthday: number) {
  const date = new Date();
  date.setDate(date.getDate() + daysUntilBirthday);
  date.setFullYear(date.getFullYear() - years);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}


describe.skipIf(!browserAvailable)("children and settings in Chromium", () => {
  const browser = useBrowser();

  it("adds a child with a cropped photo, edits and deletes it; saves settings; turns on two-step sign-in and signs in with a code", { timeout: 120_000 }, async () => {
    const server = await startE2eServer();
    const email = `family${Date.now()}@example.com`;
    const password = "correct-horse-1";
    const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ email, password, name: "", timeZone: "UTC" }),
    });
    expect(signUp.status).toBe(200);
    await server.pool.query("UPDATE users SET email_verified = true WHERE email = $1", [email]);

    const page = await browser.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(10_000);
    const signIn = async (code?: () => string) => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      if (code) {
        await page.getByLabel("Authentication code").fill(code());
        await page.getByRole("button", { name: "Verify" }).click();
      }
      await page.waitForURL(`${server.baseUrl}/dashboard`);
    };
    await signIn();

    // Children: empty state, then add Maya with a cropped photo.
    await page.goto(`${server.baseUrl}/children`);
    await page.getByRole("heading", { name: "Who are you recording for?" }).waitFor();
    // On a phone the setup checklist floats as a small pill; a dad closes it with Escape (it stays closed).
    const setup = page.getByRole("complementary", { name: "Profile setup" });
    await setup.getByRole("button", { name: /Finish setting up your profile/ }).waitFor();
    await page.keyboard.press("Escape");
    await setup.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Add child" }).click();
    await page.getByRole("button", { name: "Add child" }).last().click();
    await page.getByText("Please enter your child's name").waitFor();
    await page.getByText("Please enter a birth date").waitFor();

    await page.getByLabel("Photo").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByText("Please select an image file").waitFor();
    await page.getByLabel("Photo").setInputFiles({ name: "maya.png", mimeType: "image/png", buffer: await pngFromCanvas(page) });
    await page.getByRole("dialog", { name: "Crop the photo" }).waitFor();
    await page.getByRole("button", { name: "Use photo" }).click();
    await page.getByLabel("Name").fill("Maya");
    await page.getByLabel("Birth date").fill(birthdateFor(4, 10));
    await page.getByLabel(/Profile note/).fill("Loves dinosaurs and loud music");
    await page.getByRole("button", { name: "Add child" }).last().click();
    await page.getByText("Child added successfully!").waitFor();

    const card = page.getByRole("listitem", { name: "Maya" });
    // Born 4 years before a date 10 days away: 3 now, turning 4 then.
    await card.getByText("3 years old").waitFor();
    await card.getByText("In 10 days").waitFor();
    await card.getByText("Turns 4").waitFor();
    expect(await card.getByRole("link", { name: "View Videos" }).getAttribute("href")).toMatch(/^\/videos\?child=[0-9a-f-]{36}$/);
    const photo = card.getByRole("img", { name: "Photo of Maya" });
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    const photoResponse = await page.request.get(`${server.baseUrl}${await photo.getAttribute("src")}`);
    expect(photoResponse.headers()["content-type"]).toBe("image/jpeg");
    const [cropWidth, cropHeight] = await photo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    expect(cropWidth).toBe(cropHeight);

    // The child's page lists what was recorded for her, and a foreign id's not-found state.
    const childId = new URL(`${server.baseUrl}${await card.getByRole("link", { name: "View Videos" }).getAttribute("href")}`).searchParams.get("child")!;
    const form = new FormData();
    form.set("data", JSON.stringify({ kind: "note", title: "Your first dinosaur", notes: "", childIds: [childId], unlockType: "now" }));
    expect((await page.request.post(`${server.baseUrl}/api/narrations`, { multipart: form, headers: { origin: server.baseUrl } })).status()).toBe(201);
    // A video for her, as a finished upload leaves it (still processing): it is in the same list.
    await server.pool.query(
      `WITH video AS (INSERT INTO memories (user_id, kind, title, upload_id, processing_status, processing_progress, created_at)
         SELECT user_id, 'video', 'Riding without training wheels', 'e2e-upload', 'processing', 80, now() - interval '1 hour' FROM children WHERE id = $1 RETURNING id)
       INSERT INTO memory_children (memory_id, child_id) SELECT id, $1 FROM video`,
      [childId],
    );
    await card.getByRole("link", { name: "View Videos" }).click();
    await page.getByRole("heading", { name: "Maya's memories" }).waitFor();
    const memories = page.locator("[data-memory-id]");
    await memories.nth(1).waitFor();
    expect(await memories.evaluateAll((cards) => cards.map((element) => element.getAttribute("data-memory-kind")))).toEqual(["note", "video"]);
    expect(await memories.nth(0).textContent()).toContain("Your first dinosaur");
    expect(await memories.nth(1).textContent()).toContain("Getting your video ready…");
    await page.goto(`${server.baseUrl}/videos?child=00000000-0000-4000-8000-000000000000`);
    await page.getByRole("heading", { name: "We couldn't find that child" }).waitFor();

    // Edit, then delete.
    await page.goto(`${server.baseUrl}/children`);
    await page.getByRole("button", { name: "Edit Maya" }).click();
    await page.getByLabel("Name").fill("Maya Rose");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Child updated successfully!").waitFor();
    await page.getByRole("listitem", { name: "Maya Rose" }).waitFor();
    await page.getByRole("button", { name: "Delete Maya Rose" }).click();
    await page.getByText("Are you sure you want to delete this child? This will also delete all associated videos.").waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Child deleted successfully").waitFor();
    await page.getByRole("heading", { name: "Who are you recording for?" }).waitFor();

    // Settings: phone formatting and validation, then the toast.
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByText("Contact support if you need to change your email").waitFor();
    await page.getByLabel("Phone").fill("555");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Please enter a valid phone number").waitFor();
    await page.getByLabel("Phone").fill("5551234567");
    expect(await page.getByLabel("Phone").inputValue()).toBe("(555) 123-4567");
    await page.getByLabel("Name").fill("Sam Carter");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Settings saved successfully").waitFor();
    await page.getByRole("switch", { name: "Video reminders" }).click();
    await page.getByRole("button", { name: "Save notifications" }).click();
    await expect.poll(async () => (await server.pool.query("SELECT video_reminders FROM user_settings WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email])).rows).toEqual([{ video_reminders: false }]);

    // Password rules shown before anything is sent.
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password", { exact: true }).fill("a-new-password");
    await page.getByLabel("Confirm new password").fill("a-new-passwort");
    await page.getByText("Passwords do not match").waitFor();
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("New passwords do not match.").waitFor();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("New password must be at least 8 characters long.").waitFor();

    // Two-step verification: enrol with a code computed here (RFC 6238), then sign in with one.
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Set up two-step verification" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel("Code from the app").fill(totp.generate());
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("list", { name: "Backup codes" }).waitFor();
    await page.getByText("On", { exact: true }).waitFor();

    await page.context().clearCookies();
    // The enrolment spent this time step's code; each code is accepted once, so sign-in uses the next one.
    await signIn(() => totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  });
});
