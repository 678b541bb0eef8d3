import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { type OutboxItem, type OutboxProgress, outbox, sendOutbox } from "../../../lib/outbox";
import { memoryChangeKeys } from "../../../lib/query-keys";

/**
 * This user's memories waiting on the device, kept current, and sent when they can be: now (the
 * app just opened) and whenever the browser says it is online again. Where the browser has
 * Background Sync, the service worker also sends them with the same sender (lib/outbox.ts), one
 * round at a time under its lock, even with the app closed.
 */
export function useOutbox(ownerId: string) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [progress, setProgress] = useState<OutboxProgress>(null);

  const refresh = useCallback(() => {
    outbox.list(ownerId).then(setItems, () => setItems([]));
    setProgress(outbox.progress());
  }, [ownerId]);

  const send = useCallback(async () => {
    const sent = await sendOutbox(ownerId).catch(() => 0);
    if (sent > 0) await Promise.all(memoryChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [ownerId, queryClient]);

  useEffect(() => {
    const stop = outbox.subscribe(refresh);
    refresh();
    void send();
    const online = () => void send();
    window.addEventListener("online", online);
    return () => {
      stop();
      window.removeEventListener("online", online);
    };
  }, [refresh, send]);

  return { items, progress, send };
}
