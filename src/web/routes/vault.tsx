import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { DASHBOARD_FILTERS, type DashboardFilter } from "../../shared/memories";
import { VAULT_KIND_PARAM, VAULT_OPEN_PARAM } from "../../shared/notifications";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { Vault } from "../features/memories/components/vault";
import { MemoryDeliveries } from "../features/family/components/memory-deliveries";
import { VideoPlayerDialog } from "../features/videos/components/video-player-dialog";

const isVaultTab = (value: string | null): value is DashboardFilter => DASHBOARD_FILTERS.some((filter) => filter.value === value);

/**
 * /vault (All), /vault?kind=video (that tab), /vault?kind=video&open={id} (with that memory open: the
 * bell links here). The tab lives in the address, so a reload or a shared link keeps it.
 */
export function VaultRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = searchParams.get(VAULT_KIND_PARAM);
  const tab = isVaultTab(kind) ? kind : "all";
  return (
    <PageContainer>
      <title>{`Vault · ${PRODUCT_NAME}`}</title>
      <PageHeading title="Vault" description="Everything you've saved for them, and when each one unlocks." />
      <div className="mt-8">
        <Vault
          tab={tab}
          onTabChange={(next) => setSearchParams(next === "all" ? {} : { [VAULT_KIND_PARAM]: next }, { replace: true })}
          openId={searchParams.get(VAULT_OPEN_PARAM)}
          renderVideoPlayer={(video, onClose, about) => <VideoPlayerDialog video={video} onClose={onClose} about={about} extra={<MemoryDeliveries memoryId={video.id} />} />}
          renderExtra={(item) => <MemoryDeliveries memoryId={item.id} />}
        />
      </div>
    </PageContainer>
  );
}
