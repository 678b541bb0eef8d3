import { clsx } from "clsx";
import { Bell } from "lucide-react";
import { Popover } from "radix-ui";
import { Link } from "react-router";
import { relativeTime } from "../../../../shared/relative-time";
import { Button } from "../../../components/ui/button";
import { PopoverPanel } from "../../../components/ui/popover-panel";
import { Spinner } from "../../../components/ui/spinner";
import { useNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-read";
import { useMarkNotificationRead } from "../api/mark-read";

export type NotificationBellProps = {
  className?: string;
};

/** The bell of the signed-in navigation bar with its unread count and the panel (spec 000 §2). */
export function NotificationBell({ className }: NotificationBellProps) {
  const notifications = useNotifications({ enabled: true });
  const markAll = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();
  const unread = notifications.data?.unreadCount ?? 0;

  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        className={clsx(
          "relative inline-flex size-11 items-center justify-center rounded-lg text-white/90",
          "transition-colors duration-150 hover:bg-white/10 hover:text-white",
          "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-light",
          className,
        )}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-light px-1 text-[0.6875rem] font-bold text-ink tabular-nums"
          >
            {unread > 9 ? "9+" : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <PopoverPanel aria-label="Notifications" className="w-[min(22rem,calc(100vw-1rem))]">
        <div className="flex items-center justify-between gap-3 border-b border-sand-soft px-4 py-2">
          <h2 className="text-base font-semibold">Notifications</h2>
          <Button variant="ghost" className="-mr-2 text-sm" disabled={unread === 0} busy={markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all as read
          </Button>
        </div>
        {notifications.isPending ? (
          <div className="flex items-center justify-center py-8 text-olive-dark" role="status">
            <Spinner className="size-5" />
            <span className="sr-only">Loading notifications</span>
          </div>
        ) : notifications.isError ? (
          <div className="flex flex-col items-start gap-2 px-4 py-5 text-sm" role="alert">
            <p className="font-medium text-danger">Notifications are unavailable right now.</p>
            <p className="text-olive-dark">{notifications.error.message || "Unknown error"}</p>
            <Button variant="secondary" onClick={() => void notifications.refetch()}>
              Try again
            </Button>
          </div>
        ) : notifications.data.items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-olive-dark">No notifications yet</p>
        ) : (
          <ul className="flex flex-col divide-y divide-sand-soft">
            {notifications.data.items.map((item) => (
              <li key={item.id} className={clsx(!item.read && "bg-accent-soft/60")}>
                {/* Each entry opens what it is about (the video, the memory, the child), closing the panel, and is read from then on. */}
                <Popover.Close asChild>
                  <Link
                    to={item.href}
                    onClick={() => {
                      if (!item.read) markRead.mutate(item.id);
                    }}
                    className="flex gap-3 px-4 py-3 hover:bg-paper-warm focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-accent-dark"
                  >
                    <span className={clsx("mt-2 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-accent")} aria-hidden="true" />
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="text-sm font-semibold text-ink">
                        {item.title}
                        {!item.read ? <span className="sr-only"> (unread)</span> : null}
                      </span>
                      <span className="text-sm text-olive-dark">{item.message}</span>
                      <time dateTime={item.createdAt} className="text-xs text-olive-dark">
                        {relativeTime(new Date(item.createdAt), new Date())}
                      </time>
                    </span>
                  </Link>
                </Popover.Close>
              </li>
            ))}
          </ul>
        )}
      </PopoverPanel>
    </Popover.Root>
  );
}
