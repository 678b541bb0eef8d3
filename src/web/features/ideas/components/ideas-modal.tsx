import { Lightbulb } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { IdeasBrowser } from "./ideas-browser";

/** The record screen's Ideas button: browse the library, pick a prompt to use as the title. */
export function IdeasModalButton({ onPick }: { onPick: (prompt: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="self-start" onClick={() => setOpen(true)}>
        <Lightbulb className="size-4" aria-hidden="true" />
        Need an idea?
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Ideas" description="Pick a prompt and make it yours." className="max-w-2xl">
        <IdeasBrowser
          compact
          onPick={(prompt) => {
            if (prompt) onPick(prompt);
            setOpen(false);
          }}
        />
      </Dialog>
    </>
  );
}
