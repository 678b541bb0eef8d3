import { Copy, Download, Printer } from "lucide-react";
import { PRODUCT_NAME } from "../../../../shared/product";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";

const FILE_NAME = "hey-dad-backup-codes.txt";

/** The codes as the downloaded file holds them: what they are, for which account, one code a line. */
function backupCodesText(codes: string[], email: string | undefined) {
  return [
    `${PRODUCT_NAME} backup codes${email ? ` for ${email}` : ""}`,
    "Each code signs you in once when you can't use your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * The backup codes just made, with what they are for, and three ways to keep them: copy, a text
 * file, or paper. Printing the page prints only this box (styles.css, `data-print-only`).
 */
export function BackupCodes({ codes, email }: { codes: string[]; email?: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Backup codes copied");
    } catch {
      toast.error("We couldn't copy them. Download or print them instead.");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([backupCodesText(codes, email)], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <section aria-labelledby="backup-codes-title" data-print-only className="flex flex-col gap-3 rounded-lg bg-paper-warm p-4">
      <h4 id="backup-codes-title" className="font-semibold">
        Backup codes
      </h4>
      <p className="text-sm text-olive-dark">
        If you lose your phone or can't open your authenticator app, type one of these instead of the 6-digit code when you sign in. Each code works once. Keep them
        somewhere safe and apart from your password; they are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-base tabular-nums" aria-label="Backup codes">
        {codes.map((backupCode) => (
          <li key={backupCode}>{backupCode}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          Download
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          Print
        </Button>
      </div>
    </section>
  );
}
