import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { useMe } from "../features/auth/api/get-me";
import { IdeasModalButton } from "../features/ideas/components/ideas-modal";
import { useSearchParams } from "react-router";
import { RecordScreen, tabFromSearch } from "../features/memories/components/record-screen";
import { UnsavedVideoBanner } from "../features/videos/components/unsaved-video-banner";
import { useRecordBridge } from "../features/videos/components/use-record-bridge";
import { VideoTab } from "../features/videos/components/video-tab";

const renderIdeas = (pick: (prompt: string) => void) => <IdeasModalButton onPick={pick} />;

export function RecordRoute() {
  const me = useMe();
  const bridge = useRecordBridge();
  const [searchParams] = useSearchParams();
  return (
    <PageContainer width="default">
      <title>{`Record · ${PRODUCT_NAME}`}</title>
      <PageHeading title="Record" description="Say it now, in your own voice. Choose who it's for and when they'll hear it." />
      {tabFromSearch(searchParams) === "video" ? null : <UnsavedVideoBanner className="mt-6" />}
      <div className="mt-8">
        <RecordScreen
          ownerId={me.data?.user.id ?? null}
          renderIdeas={renderIdeas}
          renderVideo={() => (me.data ? <VideoTab userId={me.data.user.id} bridge={bridge} renderIdeas={renderIdeas} /> : null)}
        />
      </div>
    </PageContainer>
  );
}
