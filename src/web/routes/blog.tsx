import { BookOpen } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function BlogRoute() {
  return (
    <>
      <title>{`This Week's Reads · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="This Week's Reads"
        icon={BookOpen}
        description="Quick, practical ideas for modern dads."
        note="The latest 3-minute reads will appear here."
      />
    </>
  );
}
