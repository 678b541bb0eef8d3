import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { Vault } from "../features/memories/components/vault";
import { MemoryDeliveries } from "../features/family/components/memory-deliveries";
import { VideoPlayerDialog } from "../features/videos/components/video-player-dialog";

export function VaultRoute() {
  return (
    <PageContainer>
      <title>{`Vault · ${PRODUCT_NAME}`}</title>
      <PageHeading title="Vault" description="Everything you've saved for them, and when each one unlocks." />
      <div className="mt-8">
        <Vault
          renderVideoPlayer={(video, onClose) => <VideoPlayerDialog video={video} onClose={onClose} extra={<MemoryDeliveries memoryId={video.id} />} />}
          renderExtra={(item) => <MemoryDeliveries memoryId={item.id} />}
        />
      </div>
    </PageContainer>
  );
}
