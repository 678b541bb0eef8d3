import { Mic, NotebookPen, Video } from "lucide-react";
import { useLocation, useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { ButtonLink } from "../components/ui/button";
import { PageHeading } from "../components/ui/page-heading";
import { useMe } from "../features/auth/api/get-me";
import { type VideoBridge, VideoTab } from "../features/videos/components/video-tab";

/**
 * /record. Integration point (issue 4): the record screen with the Narration and Quick Note tabs
 * owns this route; its Video tab renders <VideoTab userId bridge />. A Pocket Dad bridge in the
 * navigation state opens the Video tab.
 */
export function RecordRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const me = useMe();
  const bridge = (location.state as { bridge?: VideoBridge } | null)?.bridge;
  const videoTab = searchParams.get("video") === "true" || Boolean(bridge);
  return (
    <PageContainer width="narrow" className="flex flex-col gap-6">
      <title>{`Record · ${PRODUCT_NAME}`}</title>
      <PageHeading title="Record" description="Record a narration, a video or a quick note for your kids." />
      <nav aria-label="What to record" className="flex gap-2">
        <ButtonLink to="/record" variant={videoTab ? "secondary" : "primary"}><Mic className="size-4" aria-hidden="true" />Narration</ButtonLink>
        <ButtonLink to="/record?video=true" variant={videoTab ? "primary" : "secondary"}><Video className="size-4" aria-hidden="true" />Video</ButtonLink>
        <ButtonLink to="/record?note=true" variant="secondary"><NotebookPen className="size-4" aria-hidden="true" />Quick Note</ButtonLink>
      </nav>
      {videoTab && me.data ? <VideoTab userId={me.data.user.id} bridge={bridge} /> : null}
    </PageContainer>
  );
}
