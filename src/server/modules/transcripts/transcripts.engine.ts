import { createPocketsphinxTranscriber, pocketsphinxInstalled } from "./transcripts.pocketsphinx";
import type { TranscriberChoice } from "./transcripts.types";

/** The engine TRANSCRIBER names, if it can run here; otherwise none, with how to turn transcripts on. */
export async function chooseTranscriber(setting: "pocketsphinx" | "off"): Promise<TranscriberChoice> {
  if (setting === "off") return { transcriber: null, description: "transcripts: OFF (TRANSCRIBER=off; unset it to use PocketSphinx)" };
  if (!(await pocketsphinxInstalled())) {
    return { transcriber: null, description: "transcripts: OFF (PocketSphinx is not installed: apt-get install pocketsphinx pocketsphinx-en-us ffmpeg, then restart)" };
  }
  return { transcriber: createPocketsphinxTranscriber(), description: "transcripts: PocketSphinx (US English) from PATH" };
}
