import { apiClient } from "../../../lib/api-client";

/** The ids of Dad's children now (GET /api/children), to send a refused memory without one that was deleted. */
export const listChildIds = () => apiClient.get<{ children: Array<{ id: string }> }>("/api/children").then((r) => r.children.map((child) => child.id));
