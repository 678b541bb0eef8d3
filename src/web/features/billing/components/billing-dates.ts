/** A plan's date as the dad reads it: 'November 27, 2026' in his browser's language. */
export const formatBillingDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : "");
