import { Mic, NotebookPen, Video } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { useMe } from "../features/auth/api/get-me";
import { useSignUpLanding } from "../features/auth/use-sign-up-landing";
import { DailyPrompt } from "../features/ideas/components/daily-prompt";
import { ComingUp } from "../features/memories/components/coming-up";
import { DadDnaBanner } from "../features/dad-dna/components/dad-dna-banner";
import { MemoriesPerChild } from "../features/memories/components/memories-per-child";
import { MemoryFeed } from "../features/memories/components/memory-feed";
import { PocketDadCard } from "../features/memories/components/pocket-dad-card";
import { UnsavedVideoBanner } from "../features/videos/components/unsaved-video-banner";
import { renderVideoPlayer } from "../features/videos/components/video-player-dialog";

const RECORD_ACTIONS = [
  { to: "/record", label: "Narration", hint: "Talk about a photo", icon: Mic },
  { to: "/record?video=true", label: "Video", hint: "Up to 2 minutes", icon: Video },
  { to: "/record?note=true", label: "Quick Note", hint: "A voice note", icon: NotebookPen },
] as const;

export function DashboardRoute() {
  const me = useMe();
  const [searchParams] = useSearchParams();
  const newId = searchParams.get("new")?.match(/^narration:(.+)$/)?.[1] ?? null;
  useSignUpLanding();

  const name = me.data?.profile.fullName?.trim();
  const email = me.data?.user.email;
  // A dad on his first day is welcomed, not welcomed back.
  const createdAt = me.data?.profile.createdAt;
  const firstDay = createdAt ? Date.now() - new Date(createdAt).getTime() < 24 * 60 * 60 * 1000 : false;

  return (
    <PageContainer>
      <title>{`Dashboard · ${PRODUCT_NAME}`}</title>
      {name || email ? (
        <p className="mb-2 text-base font-medium text-accent-dark">
          {firstDay ? "Welcome" : "Welcome back"}, <span className="break-all">{name || email}</span>
        </p>
      ) : null}
      <PageHeading
        title="Dashboard"
        description="Record something now. Talk about a photo, add a voice note, or record a video."
      />

      <section aria-labelledby="record-your-own" className="mt-10">
        <h2 id="record-your-own" className="text-lg font-semibold">
          Record Your Own Thing
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {RECORD_ACTIONS.map(({ to, label, hint, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="group flex min-h-28 items-center gap-4 rounded-xl border border-sand-soft bg-white p-5 transition-colors duration-150 hover:border-accent sm:flex-col sm:items-start sm:p-6"
              >
                <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-accent-dark text-white transition-transform duration-150 group-hover:scale-105 motion-reduce:transform-none">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="flex flex-col">
                  <span className="text-lg font-semibold text-ink">{label}</span>
                  <span className="text-sm text-olive-dark">{hint}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <UnsavedVideoBanner className="mt-8" />
      <DadDnaBanner />
      <DailyPrompt />
      <MemoriesPerChild />
      <ComingUp />
      <MemoryFeed newId={newId} renderVideoPlayer={renderVideoPlayer} />
      <PocketDadCard />
    </PageContainer>
  );
}
