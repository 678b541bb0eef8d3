import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { ChildNotFound, ChildVideosHeader } from "../features/children/components/child-videos-header";
import { MemoryFeed } from "../features/memories/components/memory-feed";
import { renderVideoPlayer } from "../features/videos/components/video-player-dialog";

/** /videos?child={id}: one child's memories of every kind, newest first; a foreign or unknown id is not found. */
export function VideosRoute() {
  const [searchParams] = useSearchParams();
  const childId = searchParams.get("child");
  return (
    <>
      <title>{`Videos · ${PRODUCT_NAME}`}</title>
      <PageContainer className="flex flex-col gap-8">
        {childId ? (
          <ChildVideosHeader childId={childId}>
            <MemoryFeed newId={null} childId={childId} renderVideoPlayer={renderVideoPlayer} />
          </ChildVideosHeader>
        ) : (
          <ChildNotFound />
        )}
      </PageContainer>
    </>
  );
}
