import { Tabs } from "radix-ui";
import { PRODUCT_NAME, TAGLINES } from "../../shared/copy";
import { findPublicPage } from "../../shared/public-pages";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { SUPPORT_EMAIL } from "../features/legal/components/legal-document";
import { PrivacyPolicy } from "../features/legal/components/privacy-policy";
import { TermsOfService } from "../features/legal/components/terms-of-service";

const TABS = [
  { value: "about", label: "About" },
  { value: "privacy", label: "Privacy" },
  { value: "terms", label: "Terms" },
  { value: "contact", label: "Contact" },
] as const;

export function AboutRoute() {
  return (
    <PageContainer width="default">
      <title>{findPublicPage("/about")!.title}</title>
      <PageHeading title={`About ${PRODUCT_NAME}`} description="Version 1.0.0 · Last updated July 2025" />
      <Tabs.Root defaultValue="about" className="mt-8">
        <Tabs.List aria-label="About sections" className="flex gap-1 overflow-x-auto border-b border-sand-soft">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="min-h-11 shrink-0 border-b-2 border-transparent px-2.5 text-base sm:px-4 font-medium text-olive-dark hover:text-ink data-[state=active]:border-ink data-[state=active]:text-ink"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="about" className="flex max-w-3xl flex-col gap-4 pt-8 text-lg leading-relaxed text-olive-dark">
          <p className="text-2xl font-semibold text-ink">{TAGLINES.footer}</p>
          <p>
            {PRODUCT_NAME} started with a simple worry: what would our kids have of us if we weren't around to say it? Not
            photos: our voices, our advice, the way we laugh at our own jokes.
          </p>
          <p>
            So we built a private place where a dad can record a message today and decide when it reaches his child: on a
            birthday, at 18, on a wedding day, or right now. Alongside it sits Pocket Dad, for the moments when you need
            the right words before you need a recording.
          </p>
          <p>We're a small team of parents. We don't sell your data, we never delete what you recorded, and you can take all of it with you at any time.</p>
        </Tabs.Content>
        <Tabs.Content value="privacy" className="pt-8">
          <PrivacyPolicy />
        </Tabs.Content>
        <Tabs.Content value="terms" className="pt-8">
          <TermsOfService />
        </Tabs.Content>
        <Tabs.Content value="contact" className="flex max-w-3xl flex-col gap-4 pt-8 text-lg text-olive-dark">
          <p>Questions, ideas, or something not working? Write to us and a real person answers within 24 hours.</p>
          <p>
            <a href={`mailto:${SUPPORT_EMAIL}`} className="inline-flex min-h-11 items-center font-semibold text-accent-dark underline underline-offset-4">
              {SUPPORT_EMAIL}
            </a>
          </p>
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  );
}
