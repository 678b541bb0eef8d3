import { createPocketsphinxTranscriber, pocketsphinxInstalled } from "./transcripts.pocketsphinx";
import { createProviderTranscriber, type ProviderSettings } from "./transcripts.provider";
import type { TranscriberChoice } from "./transcripts.types";

/** TRANSCRIBER and, for a provider, its settings. */
export type TranscriberSetting = { engine: "pocketsphinx" | "off" } | ({ engine: "ai" } & ProviderSettings);

/** The engine TRANSCRIBER names, if it can run here; otherwise none, with how to turn transcripts on. */
export async function chooseTranscriber(setting: TranscriberSetting): Promise<TranscriberChoice> {
  if (setting.engine === "off") return { transcriber: null, description: "transcripts: OFF (TRANSCRIBER=off; unset it to use PocketSphinx)" };
  if (setting.engine === "ai") {
    return { transcriber: createProviderTranscriber(setting), description: `transcripts: ${setting.model} through the AI SDK at ${setting.baseUrl ?? "https://api.openai.com/v1"}` };
  }
  if (!(await pocketsphinxInstalled())) {
    return { transcriber: null, description: "transcripts: OFF (PocketSphinx is not installed: apt-get install pocketsphinx pocketsphinx-en-us ffmpeg, then restart)" };
  }
  return { transcriber: createPocketsphinxTranscriber(), description: "transcripts: PocketSphinx (US English) from PATH" };
}
