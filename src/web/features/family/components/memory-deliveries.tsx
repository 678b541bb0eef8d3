import type { MemoryDelivery } from "../../../../shared/guardians";
import { Button } from "../../../components/ui/button";
import { useMemoryDeliveries } from "../api/confirmations";

/** '3 May' this year, '3 May 2025' before. */
export function shortDay(iso: string) {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString(undefined, { day: "numeric", month: "long", ...(sameYear ? {} : { year: "numeric" }) });
}

function line(delivery: MemoryDelivery) {
  const who = delivery.guardianName;
  const forChild = delivery.childName ? ` (for ${delivery.childName})` : "";
  if (delivery.status === "sent" && delivery.openedAt) return `${who} opened it on ${shortDay(delivery.openedAt)}${forChild}`;
  if (delivery.status === "sent" && delivery.sentAt) return `Sent to ${who} on ${shortDay(delivery.sentAt)}${forChild}, not opened yet`;
  if (delivery.status === "upcoming") return `${who} gets it ${delivery.arrives}${forChild}`;
  if (delivery.status === "pending") return delivery.problem ? `Not delivered to ${who} yet${forChild}: we keep retrying (${delivery.problem})` : `${who} gets it ${delivery.arrives}${forChild}`;
  if (delivery.status === "failed") return `Could not be delivered to ${who}${forChild}${delivery.problem ? ` (${delivery.problem})` : ""}`;
  return `Not sent to ${who}${forChild}: they no longer receive for this child`;
}

/** Per memory, in its detail: who it was delivered to and when they opened the child's page ('Grandma opened it on 3 May'). */
export function MemoryDeliveries({ memoryId }: { memoryId: string }) {
  const deliveries = useMemoryDeliveries(memoryId);
  return (
    <section aria-labelledby={`deliveries-${memoryId}`} className="flex flex-col gap-2 border-t border-sand-soft pt-4">
      <h3 id={`deliveries-${memoryId}`} className="text-sm font-semibold">
        Family delivery
      </h3>
      {deliveries.isPending ? (
        <p className="text-sm text-olive-dark" role="status">
          Loading who received it…
        </p>
      ) : deliveries.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-danger" role="alert">
          We couldn't load who received this memory.
          <Button variant="ghost" onClick={() => void deliveries.refetch()}>
            Try again
          </Button>
        </div>
      ) : deliveries.data.deliveries.length === 0 ? (
        <p className="text-sm text-olive-dark">Not delivered to any guardian yet. Your guardians receive it when it opens for your child.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm text-ink">
          {deliveries.data.deliveries.map((delivery, index) => (
            <li key={index}>{line(delivery)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
