import { Sparkles } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";
import { ButtonLink } from "../components/ui/button";
import { useMe } from "../features/auth/api/get-me";

/** /pocket-dad (guests may look) and /say-this (sign-in required). */
export function PocketDadRoute() {
  const me = useMe();
  const guest = !me.data;
  return (
    <>
      <title>{`Pocket Dad · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        eyebrow="Coaching tool"
        title="Pocket Dad"
        icon={Sparkles}
        description="Think it through before you talk. Tell it what's happening and get the words to say."
        note="The coaching tool will appear here."
        actions={
          guest ? (
            <>
              <ButtonLink to="/signup">Start your free trial</ButtonLink>
              <ButtonLink to="/login" variant="secondary">
                Log in
              </ButtonLink>
            </>
          ) : undefined
        }
      />
    </>
  );
}
