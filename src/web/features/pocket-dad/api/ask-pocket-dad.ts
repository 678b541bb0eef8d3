import type { PocketDadReply, PocketDadRequest } from "../../../../shared/pocket-dad";
import { apiClient } from "../../../lib/api-client";

/** POST /api/pocket-dad; abortable. Called by the Pocket Dad session (not a query: it has its own cache). */
export function askPocketDad(request: PocketDadRequest, signal: AbortSignal) {
  return apiClient.post<PocketDadReply>("/api/pocket-dad", request, { signal });
}
