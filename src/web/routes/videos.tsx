import { Video } from "lucide-react";
import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { ButtonLink } from "../components/ui/button";
import { ChildNotFound, ChildVideosHeader } from "../features/children/components/child-videos-header";

/**
 * /videos?child={id}: one child's memories, newest first. The memories list itself comes from
 * the memories feature (issue 4) and goes in the slot below the header.
 */
export function VideosRoute() {
  const [searchParams] = useSearchParams();
  const childId = searchParams.get("child");
  return (
    <>
      <title>{`Videos · ${PRODUCT_NAME}`}</title>
      <PageContainer className="flex flex-col gap-8">
        {childId ? (
          <ChildVideosHeader childId={childId}>
            <section aria-label="Memories" data-slot="child-memories" className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-12 text-center">
              <Video className="size-10 text-olive" aria-hidden="true" />
              <h2 className="text-xl font-semibold">No memories yet</h2>
              <p className="max-w-md text-olive-dark">Record a video, a narration or a quick note and choose this child. It will wait here until it unlocks.</p>
              <ButtonLink to="/record">Record something</ButtonLink>
            </section>
          </ChildVideosHeader>
        ) : (
          <ChildNotFound />
        )}
      </PageContainer>
    </>
  );
}
