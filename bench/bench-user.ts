/** Signs up through the real API, confirms through the development mailbox, returns the session cookie. */
export async function signedInCookie(baseUrl: string) {
  const email = `bench${Date.now()}@example.com`;
  const headers = { "content-type": "application/json", origin: baseUrl };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "bench-password-1", name: "Bench Dad", callbackURL: "/dashboard" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const { messages } = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { messages: { id: string; to: string }[] };
    const message = messages.find((m) => m.to === email);
    if (message) {
      const html = await (await fetch(`${baseUrl}/dev/mailbox/${message.id}`)).text();
      const link = html.match(/href="([^"]*verify-email[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
      if (!link) throw new Error("no confirmation link in the email");
      const confirmed = await fetch(link, { redirect: "manual" });
      return confirmed.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the confirmation email did not arrive");
}
