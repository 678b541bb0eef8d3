import { toast as sonner } from "sonner";

/**
 * The app's toasts (sonner underneath). A success dismisses the error toasts still showing, so an
 * earlier 'Error saving' never stays beside a later 'Saved'.
 */
export const toast = Object.assign((...args: Parameters<typeof sonner>) => sonner(...args), {
  error: sonner.error,
  message: sonner.message,
  dismiss: sonner.dismiss,
  success(...args: Parameters<typeof sonner.success>) {
    for (const shown of sonner.getToasts()) {
      if ("type" in shown && shown.type === "error") sonner.dismiss(shown.id);
    }
    return sonner.success(...args);
  },
});
