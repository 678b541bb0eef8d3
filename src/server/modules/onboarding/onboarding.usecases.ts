import {
  computeArchetype,
  ONBOARDING_QUESTIONS,
  ONBOARDING_VERSION,
  type OnboardingAnswers,
  onboardingAnswersSchema,
  toneFromAnswers,
} from "../../../shared/onboarding";
import type { SessionUser } from "../auth/auth.types";
import type { ProfilesUsecases } from "../profiles/profiles.usecases";
import { onboardingErrors } from "./onboarding.errors";
import type { OnboardingRepository } from "./onboarding.repository";

export function createOnboardingUsecases(options: {
  repository: OnboardingRepository;
  /** The profiles module reads the profile (the saved answers and result). */
  findProfile: ProfilesUsecases["findProfile"];
  /** The profiles module keeps the result on the profile (answers, quiz_result, the suggested tone). */
  saveOnboardingResult: ProfilesUsecases["saveOnboardingResult"];
  now?: () => Date;
}) {
  const { repository } = options;
  const now = options.now ?? (() => new Date());
  return {
    /** The saved answers when they are complete and valid (the flow then completes at once). */
    async get(user: SessionUser) {
      const profile = await options.findProfile(user.id);
      const parsed = onboardingAnswersSchema.safeParse(profile?.onboardingAnswers);
      return {
        completed: Boolean(profile?.quizCompletedAt) && parsed.success,
        answers: parsed.success ? parsed.data : null,
        quizResult: profile?.quizResult ?? null,
      };
    },

    /** Stores each answer per question, the archetype as quiz_result, and the default tone. */
    async submit(user: SessionUser, answers: OnboardingAnswers) {
      const ids = await repository.activeQuestionIds(ONBOARDING_QUESTIONS.map((q) => q.key));
      if (ids.size !== ONBOARDING_QUESTIONS.length) throw onboardingErrors.questionsMissing();
      const archetype = computeArchetype(answers);
      const completedAt = now();
      const tone = toneFromAnswers(answers);
      const rows = ONBOARDING_QUESTIONS.map((question) => {
        const value = answers[question.field];
        return { questionId: ids.get(question.key)!, answerShort: Array.isArray(value) ? value.join(",") : value, answerJson: { value } };
      });
      const result = {
        onboardingAnswers: { ...answers, version: ONBOARDING_VERSION, completed_at_iso: completedAt.toISOString(), computed_archetype: archetype },
        quizResult: archetype.category,
        quizCompletedAt: completedAt,
        pocketdadTone: tone,
      };
      await repository.saveAnswers(user.id, rows, (tx) => options.saveOnboardingResult({ userId: user.id, result }, tx));
      return { archetype, tone };
    },
  };
}

export type OnboardingUsecases = ReturnType<typeof createOnboardingUsecases>;
