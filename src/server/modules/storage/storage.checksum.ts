import { createHash } from "node:crypto";
import fs from "node:fs";

/** A stored file's sha256 (hex), from its bytes or from a file on disk, as recorded beside it. */
export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
export function sha256OfFile(file: string) {
  return new Promise<string>((resolve, reject) => {
    const hash = createHash("sha256");
    fs.createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}
