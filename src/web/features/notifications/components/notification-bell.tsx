import { clsx } from "clsx";
import { Bell } from "lucide-react";

export type NotificationBellProps = {
  className?: string;
};

/**
 * Placeholder for the notification bell of the signed-in navigation bar.
 * The panel ('Notifications', unread count, 'Mark all as read') arrives with the notifications work.
 */
export function NotificationBell({ className }: NotificationBellProps) {
  return (
    <button
      type="button"
      aria-label="Notifications"
      className={clsx(
        "relative inline-flex size-11 items-center justify-center rounded-lg text-white/90",
        "transition-colors duration-150 hover:bg-white/10 hover:text-white",
        "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-light",
        className,
      )}
    >
      <Bell className="size-5" aria-hidden="true" />
    </button>
  );
}
