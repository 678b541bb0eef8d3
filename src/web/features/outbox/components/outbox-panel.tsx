import { CloudOff } from "lucide-react";
import { useState } from "react";
import { OFFLINE_COPY } from "../../../../shared/copy";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import type { OutboxItem } from "../../../lib/outbox";
import { outbox } from "../../../lib/outbox";
import { listChildIds } from "../api/list-child-ids";
import { useOutbox } from "./use-outbox";

const KIND_LABEL = { narration: "Narration", note: "Quick Note", video: "Video" } as const;
const kindOf = (item: OutboxItem) => (item.kind === "video" ? "video" : item.fields.kind === "note" ? "note" : "narration");

/**
 * The memories saved on this phone and not sent yet, on every signed-in page while there are any:
 * what is waiting, the one being sent with its progress, and each one the server refused with a
 * question for Dad (nothing is dropped without his say).
 */
export function OutboxPanel({ ownerId }: { ownerId: string }) {
  const { items, progress, send } = useOutbox(ownerId);
  const [asking, setAsking] = useState<OutboxItem | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [remaining, setRemaining] = useState<string[] | null>(null);
  if (items.length === 0) return null;
  const refused = items.filter((item) => item.refusal);

  async function ask(item: OutboxItem) {
    setAsking(item);
    setConfirmDelete(false);
    const current = await listChildIds().catch(() => null);
    setRemaining(current ? item.fields.childIds.filter((id) => current.includes(id)) : null);
  }

  const close = () => {
    setAsking(null);
    setRemaining(null);
  };

  return (
    <section aria-labelledby="outbox-title" className="border-b border-sand bg-mist/60 px-4 py-3">
      <div className="mx-auto flex max-w-5xl flex-col gap-2">
        <h2 id="outbox-title" className="flex items-center gap-2 text-sm font-semibold text-ink">
          <CloudOff className="size-5 shrink-0" aria-hidden="true" />
          {OFFLINE_COPY.waitingTitle(items.length)}
        </h2>
        <p className="text-sm text-ink" role="status">
          {progress ? `${OFFLINE_COPY.sending(progress.position, progress.count)} ${progress.percent}%` : OFFLINE_COPY.savedOnDevice}
        </p>
        {progress ? (
          <progress className="h-2 w-full accent-accent" max={100} value={progress.percent} aria-label={`Sending ${progress.position + 1} of ${progress.count}`} />
        ) : null}
        <ul className="flex flex-col gap-1 text-sm" aria-label="Waiting to send">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{item.title}</span>
              <span className="text-ink">· {KIND_LABEL[kindOf(item)]}</span>
              {item.refusal ? (
                <Button variant="secondary" onClick={() => void ask(item)}>
                  Needs you
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {refused.length === items.length || progress ? null : (
          <div>
            <Button variant="secondary" onClick={() => void send()}>
              Send now
            </Button>
          </div>
        )}
      </div>
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => !open && close()}
        title={OFFLINE_COPY.conflictTitle}
        description={asking ? `"${asking.title}": ${asking.refusal?.message ?? ""}` : undefined}
        footer={
          asking ? (
            confirmDelete ? (
              <>
                <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
                  {OFFLINE_COPY.keep}
                </Button>
                <Button variant="danger" onClick={() => void outbox.remove(asking.key).then(close)}>
                  {OFFLINE_COPY.discard}
                </Button>
              </>
            ) : (
              <>
                <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
                  {OFFLINE_COPY.discard}
                </Button>
                <Button variant="secondary" onClick={close}>
                  {OFFLINE_COPY.keep}
                </Button>
                {remaining && remaining.length > 0 && remaining.length < asking.fields.childIds.length ? (
                  <Button onClick={() => void outbox.resendFor(asking.key, remaining).then(close).then(send)}>{OFFLINE_COPY.sendToOthers}</Button>
                ) : null}
              </>
            )
          ) : null
        }
      >
        {confirmDelete ? <p className="text-sm text-ink">{OFFLINE_COPY.discardConfirm}</p> : null}
      </Dialog>
    </section>
  );
}
