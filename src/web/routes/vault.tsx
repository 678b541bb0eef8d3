import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { MEMORY_KINDS, type MemoryKind } from "../../shared/memories";
import { VAULT_KIND_PARAM, VAULT_OPEN_PARAM } from "../../shared/notifications";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { Vault } from "../features/memories/components/vault";
import { MemoryDeliveries } from "../features/family/components/memory-deliveries";
import { VideoPlayerDialog } from "../features/videos/components/video-player-dialog";

/** /vault, or /vault?kind=video&open={id}: that memory's tab, with it open (the bell links here). */
export function VaultRoute() {
  const [searchParams] = useSearchParams();
  const kind = searchParams.get(VAULT_KIND_PARAM);
  const id = searchParams.get(VAULT_OPEN_PARAM);
  const initialOpen = id && (MEMORY_KINDS as readonly string[]).includes(kind ?? "") ? { kind: kind as MemoryKind, id } : null;
  return (
    <PageContainer>
      <title>{`Vault · ${PRODUCT_NAME}`}</title>
      <PageHeading title="Vault" description="Everything you've saved for them, and when each one unlocks." />
      <div className="mt-8">
        <Vault
          key={id ?? "vault"}
          initialOpen={initialOpen}
          renderVideoPlayer={(video, onClose) => <VideoPlayerDialog video={video} onClose={onClose} extra={<MemoryDeliveries memoryId={video.id} />} />}
          renderExtra={(item) => <MemoryDeliveries memoryId={item.id} />}
        />
      </div>
    </PageContainer>
  );
}
