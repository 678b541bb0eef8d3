import type { LanguageModel } from "ai";
import { ARCHETYPE_COACHING } from "../../../shared/dad-dna";
import { ARCHETYPE_LABELS, type Archetype } from "../../../shared/onboarding";
import type { CountryCode } from "../../../shared/countries";
import { SAFETY_CATEGORIES, type SafetyCategory } from "../../../shared/pocket-dad";
import type { Config } from "../../config";
import { numbersForPrompt } from "./playbook/safety";

export type ModelConfig = NonNullable<Config["ai"]>;

/** What the engine is told about the moment (built by the usecase from the database). */
export type CoachContext = {
  prompt: string;
  tone: string;
  intensity: string;
  child: { name: string; ageYears: number; profileNote: string | null } | null;
  parentingStyle: string[];
  /** The kind of dad he is (the Dad DNA test's, else the setup questions'), null when unknown. */
  archetype?: Archetype | null;
  recentTopics: string[];
  /** Grief, illness, divorce, ...: warm and gentle whatever the tone. */
  sensitive?: boolean;
  variant?: "standard" | "shorter" | "funnier";
  /** Whose emergency numbers the answer may give (the safety answers' own). */
  country?: CountryCode;
  /**
   * The Playbook situation chosen for the message (one), or the closest ones when none fits well; each as
   * situationBrief writes it. The model's answer is grounded in them.
   */
  playbook?: { fits: boolean; situations: string[] };
};

export const SYSTEM_PROMPT = `You are Pocket Dad, a calm, warm coach who gives fathers the exact words for a tricky moment with their child.
Answer in exactly this format and nothing else (no greeting, no markdown, no extra lines):
Say this: "<one to three sentences Dad can say out loud, addressed to the child>"
Then do this:
- <a concrete step>
- <a concrete step>
- <optional third step>
Why it works: <one or two short lines>

Rules: 2 to 4 dash bullets. Use the child's name and fit the words to the child's age. Match the tone:
direct = short and clear; gentle = warm and soft-spoken; playful = light, with a touch of fun.
Intensity: softer = more empathy, fewer demands; baseline = balanced; firmer = a clear limit, stated calmly.
Never shame, threaten or suggest physical punishment. If anyone may be in danger, tell Dad to call the emergency number below.`;

/** The instructions with the numbers of Dad's country: the same the safety answers give, never 911 for a father in Sydney. */
export function systemPrompt(country: CountryCode = "other") {
  return `${SYSTEM_PROMPT}\n${numbersForPrompt(country)}`;
}

/** The user message: what Dad typed plus the context he has given Pocket Dad. */
export function describeContext(context: CoachContext) {
  const lines = [`What's happening: ${context.prompt}`, `Tone: ${context.tone}`, `Intensity: ${context.intensity}`];
  if (context.child) {
    lines.push(`Child: ${context.child.name}, ${context.child.ageYears} years old`);
    if (context.child.profileNote) {
      lines.push(`What Dad has noted about the child (let it shape the words and the steps; never quote it back): ${context.child.profileNote}`);
    }
  }
  if (context.parentingStyle.length) lines.push(`Dad's parenting style: ${context.parentingStyle.join(", ")}`);
  if (context.archetype) lines.push(`Dad is a ${ARCHETYPE_LABELS[context.archetype]}: ${ARCHETYPE_COACHING[context.archetype]}.`);
  if (context.recentTopics.length) lines.push(`Recent topics: ${context.recentTopics.join("; ")}`);
  if (context.sensitive) {
    lines.push("This is a sensitive moment (a loss, an illness or a big change): warm and gentle, never jokey, whatever the tone. Playful here means warm and light, not jokes.");
  }
  if (context.playbook?.situations.length) {
    lines.push(
      context.playbook.fits
        ? "From the Pocket Dad Playbook, the situation this is (ground your answer in it, in your own words, about what Dad wrote):"
        : "No Pocket Dad Playbook situation fits this exactly; the closest ones (use what fits, say nothing that does not):",
      ...context.playbook.situations.map((situation) => `- ${situation}`),
    );
  }
  if (context.variant === "shorter") lines.push("Make it shorter: 'Say this' is one short sentence, and give exactly two bullets.");
  if (context.variant === "funnier") lines.push("Make it funnier: a lighter, playful script for the same moment, kind and never mocking the child.");
  return lines.join("\n");
}

// The AI SDK is loaded only when a model is configured: the offline Playbook never needs it, and loading it took a
// tenth of every start.
async function languageModel(config: ModelConfig): Promise<LanguageModel> {
  if (config.provider === "anthropic") {
    const { createAnthropic } = await import("@ai-sdk/anthropic");
    return createAnthropic({ apiKey: config.apiKey, ...(config.baseUrl ? { baseURL: config.baseUrl } : {}) })(config.model);
  }
  const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
  return createOpenAICompatible({ name: "ai-provider", baseURL: config.baseUrl!, apiKey: config.apiKey }).chatModel(config.model);
}

/** The model could not be reached, refused, failed or fell silent: the Playbook answers instead. */
export class ModelProviderError extends Error {}

/** How long the model may stay silent (before its first word or between two) before it counts as down. */
export const MODEL_SILENCE_MS = 2500;

/** How long a second opinion on danger may take before the local check's answer stands. */
export const SECOND_OPINION_MS = 3000;

export const SECOND_OPINION_PROMPT = `You check one message a father typed into a parenting app, for a child safety app.
Decide whether it describes someone (a child, or anyone at home) in danger RIGHT NOW or very soon, needing emergency help.
Past events told as over, figures of speech, games, fiction, homework and everyday worries are NOT danger.
Answer with exactly one line and nothing else:
DANGER <category>   where <category> is one of: ${SAFETY_CATEGORIES.join(", ")} (parent-crisis: the father fears he will hurt his child, or just did)
NOT DANGER
UNSURE`;

export type SecondOpinion = { danger: true; category: SafetyCategory } | { danger: false } | null;

/** The model's one line, read strictly: anything else is no opinion (null). */
export function parseSecondOpinion(text: string): SecondOpinion {
  const match = /^(?:(NOT DANGER)|DANGER ([a-z-]+)|UNSURE)\.?$/.exec(text.trim());
  if (!match) return null;
  if (match[1]) return { danger: false };
  const category = match[2] as SafetyCategory | undefined;
  return category && SAFETY_CATEGORIES.includes(category) ? { danger: true, category } : null;
}

/** A model reached through the Vercel AI SDK (OpenAI, Anthropic, Ollama, vLLM, llama.cpp server). */
export function createModelEngine(config: ModelConfig) {
  let loaded: Promise<[typeof import("ai"), LanguageModel]> | undefined;
  return {
    label: `${config.provider} ${config.model}`,
    /**
     * The model's answer, streamed so that a provider that is down is told from one that is slow: a refused
     * connection, an error status, or MODEL_SILENCE_MS without a word (before the first or between two) is a
     * ModelProviderError, and Pocket Dad answers from the Playbook instead.
     */
    async generate(context: CoachContext, signal?: AbortSignal) {
      const [{ streamText }, model] = await (loaded ??= Promise.all([import("ai"), languageModel(config)]));
      const silence = new AbortController();
      let timer = setTimeout(() => silence.abort(), MODEL_SILENCE_MS);
      try {
        const result = streamText({
          model,
          system: systemPrompt(context.country),
          prompt: describeContext(context),
          abortSignal: signal ? AbortSignal.any([signal, silence.signal]) : silence.signal,
          maxRetries: 0,
          maxOutputTokens: 500,
          temperature: 0.7,
          // A failure is read from the stream below (and answered from the Playbook), not logged as an error.
          onError: () => {},
        });
        let text = "";
        for await (const part of result.fullStream) {
          clearTimeout(timer);
          timer = setTimeout(() => silence.abort(), MODEL_SILENCE_MS);
          if (part.type === "text-delta") text += part.text;
          else if (part.type === "error") throw part.error;
        }
        // An aborted stream ends quietly: a cancelled question is no answer, and a silent model is down.
        signal?.throwIfAborted();
        if (silence.signal.aborted) throw new ModelProviderError(`No answer from the model in ${MODEL_SILENCE_MS} ms.`);
        return text;
      } catch (error) {
        if (signal?.aborted) throw error;
        throw error instanceof ModelProviderError ? error : new ModelProviderError(error instanceof Error ? error.message : String(error));
      } finally {
        clearTimeout(timer);
      }
    },
    /**
     * A second opinion on a message the local danger check is unsure of. A model that answers out of format gives
     * none (null); one that is down or slow (over SECOND_OPINION_MS) gives none either, and says so ("down"), so
     * that Pocket Dad does not wait on it a second time for the script. Either way the local answer stands.
     */
    async secondOpinion(message: string, signal?: AbortSignal): Promise<SecondOpinion | "down"> {
      const timeout = AbortSignal.timeout(SECOND_OPINION_MS);
      try {
        const [{ generateText }, model] = await (loaded ??= Promise.all([import("ai"), languageModel(config)]));
        const result = await generateText({
          model,
          system: SECOND_OPINION_PROMPT,
          prompt: message.slice(0, 4000),
          abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          maxRetries: 0,
          maxOutputTokens: 10,
          temperature: 0,
        });
        return parseSecondOpinion(result.text);
      } catch (error) {
        if (signal?.aborted) throw error;
        return "down";
      }
    },
  };
}

export type ModelEngine = ReturnType<typeof createModelEngine>;
