import { ageInMonthsLabel, ageOn, todayIn } from "../../../shared/calendar";
import type { OnboardingAnswers } from "../../../shared/onboarding";
import {
  checkAnswerFormat,
  DEFAULT_INTENSITY,
  DEFAULT_TONE,
  INTENSITIES,
  type Intensity,
  type PocketDadReply,
  TONES,
  type Tone,
  type SaveLegacyPlan,
} from "../../../shared/pocket-dad";
import type { SessionUser } from "../auth/auth.middleware";
import { coachErrors } from "./coach.errors";
import { type CoachContext, type ModelEngine, ModelProviderError } from "./coach.model-engine";
import type { CoachRepository } from "./coach.repository";
import { findSituation, writeScript } from "./playbook/playbook-engine";
import { describesDanger, safetyResponse } from "./playbook/safety";

const RECENT_TOPICS = 3;

/** A stored value is used only if it is in the allowed list (spec 5). */
const storedTone = (value: string | null | undefined): Tone => (TONES as readonly string[]).includes(value ?? "") ? (value as Tone) : DEFAULT_TONE;
const storedIntensity = (value: string | null | undefined): Intensity =>
  (INTENSITIES as readonly string[]).includes(value ?? "") ? (value as Intensity) : DEFAULT_INTENSITY;

export function createCoachUsecases(options: { repository: CoachRepository; model?: ModelEngine; now?: () => Date }) {
  const { repository, model } = options;
  const now = options.now ?? (() => new Date());

  /** Asks the model, retrying once when its answer is not in the format; aborts pass through. */
  async function askModel(engine: ModelEngine, context: CoachContext, signal?: AbortSignal) {
    for (let attempt = 0; attempt < 2; attempt++) {
      let text: string;
      try {
        text = await engine.generate(context, signal);
      } catch (error) {
        if (signal?.aborted) throw coachErrors.aborted();
        if (error instanceof ModelProviderError) throw coachErrors.provider(error.message || undefined);
        throw error;
      }
      if (checkAnswerFormat(text).ok) return text.trim();
    }
    throw coachErrors.invalidFormat();
  }

  return {
    /** What the screen needs: children, saved tone and intensity, the archetype, onboarding state. */
    async context(user: SessionUser) {
      const [childRows, profile] = await Promise.all([repository.listChildren(user.id), repository.findProfile(user.id)]);
      const today = todayIn(now(), profile?.timeZone ?? "UTC");
      return {
        children: childRows.map((child) => ({
          id: child.id,
          name: child.name,
          ageYears: ageOn(child.birthdate, today).years,
          ageLabel: ageInMonthsLabel(ageOn(child.birthdate, today)),
          profileNote: child.profileNote,
        })),
        preferences: { tone: storedTone(profile?.pocketdadTone), tone_intensity: storedIntensity(profile?.pocketdadToneIntensity) },
        quizResult: profile?.quizResult ?? null,
        onboardingCompleted: Boolean(profile?.quizCompletedAt),
      };
    },

    async ask(user: SessionUser, input: { prompt: string; tone: Tone; tone_intensity: Intensity; child_id?: string | null }, signal?: AbortSignal): Promise<PocketDadReply> {
      const childId = input.child_id ?? null;
      const child = childId ? await repository.findChild(user.id, childId) : undefined;
      if (childId && !child) throw coachErrors.childNotFound();

      let text: string;
      let topic: string;
      let engine: PocketDadReply["engine"];
      if (describesDanger(input.prompt)) {
        [text, topic, engine] = [safetyResponse(), "safety", model ? "model" : "playbook"];
      } else {
        const [profile, recent] = await Promise.all([repository.findProfile(user.id), repository.recentResponses(user.id, childId, RECENT_TOPICS)]);
        const childContext = child ? { name: child.name, ageYears: ageOn(child.birthdate, todayIn(now(), profile?.timeZone ?? "UTC")).years, profileNote: child.profileNote } : null;
        if (model) {
          const answers = profile?.onboardingAnswers as Partial<OnboardingAnswers> | null;
          const context: CoachContext = {
            prompt: input.prompt,
            tone: input.tone,
            intensity: input.tone_intensity,
            child: childContext,
            parentingStyle: answers?.parenting_style ?? [],
            recentTopics: recent.map((r) => r.prompt.slice(0, 80)),
          };
          [text, topic, engine] = [await askModel(model, context, signal), "model", "model"];
        } else {
          const situation = findSituation(input.prompt);
          const variation = await repository.countTopic(user.id, childId, situation.id);
          text = writeScript(situation, { tone: input.tone, intensity: input.tone_intensity, child: childContext, variation });
          [topic, engine] = [situation.id, "playbook"];
        }
      }
      if (signal?.aborted) throw coachErrors.aborted();
      const saved = await repository.insertResponse({
        userId: user.id,
        childId,
        prompt: input.prompt,
        tone: input.tone,
        intensity: input.tone_intensity,
        text,
        topic,
        engine,
      });
      return { message: text, response_id: saved.id, liked: false, safety: topic === "safety", engine };
    },

    async like(user: SessionUser, responseId: string) {
      if (await repository.like(user.id, responseId)) return { response_id: responseId, liked: true };
      if (await repository.responseExists(user.id, responseId)) throw coachErrors.alreadyLiked();
      throw coachErrors.responseNotFound();
    },

    async savePreferences(user: SessionUser, preferences: { tone: Tone; tone_intensity: Intensity }) {
      await repository.savePreferences(user.id, { tone: preferences.tone, intensity: preferences.tone_intensity });
      return preferences;
    },

    async saveLegacy(user: SessionUser, plan: SaveLegacyPlan) {
      if (!(await repository.findChild(user.id, plan.child_id))) throw coachErrors.childNotFound();
      const saved = await repository.insertLegacyPlan({
        userId: user.id,
        childId: plan.child_id,
        title: plan.title,
        unlockType: plan.suggested_unlock_type,
        unlockValue: plan.suggested_unlock_value,
        source: plan.source,
        tone: plan.tone,
        intensity: plan.tone_intensity,
      });
      return { id: saved.id, title: saved.title, suggested_unlock_type: saved.unlockType, suggested_unlock_value: saved.unlockValue, child_id: saved.childId };
    },

    /** 'Clear Pocket Dad memory': the stored history and the saved tone and intensity. */
    async clearMemory(user: SessionUser) {
      await repository.deleteHistory(user.id);
      await repository.savePreferences(user.id, { tone: null, intensity: null });
      return { cleared: true };
    },
  };
}

export type CoachUsecases = ReturnType<typeof createCoachUsecases>;
