import { apiClient } from "../../../lib/api-client";

/** PUT /api/pocket-dad/responses/:id/say: Dad's own words for the answer's 'Say this' line, kept on his answer. */
export const editSay = (responseId: string, say: string) =>
  apiClient.put<{ response_id: string; say: string }>(`/api/pocket-dad/responses/${encodeURIComponent(responseId)}/say`, { say });
