import { Check, Share2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";

export const SHARE_COPY = {
  share: "Share",
  copied: "Link copied",
  copyYourself: "Copy this link to share it:",
} as const;

/**
 * Share: the device's share sheet where there is one (Web Share API), else the link is copied;
 * when the browser refuses both, the link is shown selected, to copy by hand.
 */
export function ShareLink({ title, text }: { title: string; text: string }) {
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const [manualLink, setManualLink] = useState("");

  async function share() {
    const link = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url: link });
        return;
      } catch (error) {
        // Dismissing the share sheet is not a failure; any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      if (!navigator.clipboard?.writeText) throw new Error("No Clipboard API");
      await navigator.clipboard.writeText(link);
      setState("copied");
    } catch {
      setManualLink(link);
      setState("manual");
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" onClick={() => void share()}>
        {state === "copied" ? <Check className="size-4" aria-hidden="true" /> : <Share2 className="size-4" aria-hidden="true" />}
        {state === "copied" ? SHARE_COPY.copied : SHARE_COPY.share}
      </Button>
      <p role="status" className="sr-only">
        {state === "copied" ? SHARE_COPY.copied : ""}
      </p>
      {state === "manual" ? (
        <label className="flex w-full max-w-md flex-col gap-1 text-sm text-olive-dark">
          {SHARE_COPY.copyYourself}
          <input
            readOnly
            value={manualLink}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 w-full rounded-lg border border-sand bg-paper-warm px-3 text-base text-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
          />
        </label>
      ) : null}
    </div>
  );
}
