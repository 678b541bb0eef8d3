/**
 * Product analytics (pd_*, onboarding_*). Until the first-party events endpoint lands, events
 * are kept in memory and announced as a DOM event, so the one `track` call site stays the same.
 */
export type AnalyticsEvent = { name: string; properties: Record<string, unknown>; at: string };

const events: AnalyticsEvent[] = [];

export function track(name: string, properties: Record<string, unknown> = {}) {
  const event = { name, properties, at: new Date().toISOString() };
  events.push(event);
  if (events.length > 200) events.shift();
  window.dispatchEvent(new CustomEvent("hd:analytics", { detail: event }));
}

export function trackedEvents(): readonly AnalyticsEvent[] {
  return events;
}
