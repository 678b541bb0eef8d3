import { useParams } from "react-router";
import { findOwnRead, ownReadTitle } from "../../shared/own-reads";
import { ReadArticle } from "../features/reads/components/read-article";
import { NotFoundRoute } from "./not-found";

/** /blog/{slug}: one of the product's own reads; an unknown slug is the not-found page (the server answers it 404). */
export function BlogArticleRoute() {
  const read = findOwnRead(useParams().slug ?? "");
  if (!read) return <NotFoundRoute />;
  return (
    <>
      <title>{ownReadTitle(read)}</title>
      <ReadArticle read={read} />
    </>
  );
}
