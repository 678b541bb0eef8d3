import { findPublicPage } from "../../shared/public-pages";
import { DadMovesSignup } from "../features/marketing/components/dad-moves-signup";

export function DadMovesRoute() {
  return (
    <>
      <title>{findPublicPage("/dadmoves")!.title}</title>
      <DadMovesSignup />
    </>
  );
}
