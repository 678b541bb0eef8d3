import { describe, expect, it } from "vitest";
import { renderEmail } from "./email.templates";

describe("the email layout every message uses", () => {
  it("tells phone mail apps to lay it out at the screen's width, with narrower margins there", () => {
    const { html } = renderEmail({ heading: "Your plan is cancelled", paragraphs: ["You keep full access until December 27, 2026."] });
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/@media \(max-width:480px\)\{\.frame\{padding:16px 8px!important\}\.card\{padding:20px 16px!important\}/);
    expect(html).toContain('class="card"');
  });

  it("shows what it is given as text, never as markup", () => {
    const { html, text } = renderEmail({ heading: "<b>Hi</b>", paragraphs: ['Tom & "Jerry"'], action: { label: "Open", url: "https://heydad.app/?a=1&b=<2>" } });
    expect(html).toContain("&lt;b&gt;Hi&lt;/b&gt;");
    expect(html).toContain("Tom &amp; &quot;Jerry&quot;");
    expect(html).not.toContain("<b>Hi</b>");
    expect(text).toContain('Tom & "Jerry"');
  });
});
