import { type DadDnaResult, scoreDadDna, type SubmitDadDna } from "../../../shared/dad-dna";
import type { Archetype } from "../../../shared/onboarding";
import type { SessionUser } from "../auth/auth.types";
import type { ProfilesUsecases } from "../profiles/profiles.usecases";
import type { DadDnaRepository, DadDnaRow } from "./dad-dna.repository";

/** What the result page shows: the result, the answers it came from and when it was taken. */
export type DadDnaView = DadDnaResult & { answers: Record<string, string>; takenAt: string };

const view = (row: DadDnaRow): DadDnaView => ({
  archetype: row.archetype as Archetype,
  scores: row.scores as DadDnaResult["scores"],
  tone: row.tone as DadDnaResult["tone"],
  intensity: row.intensity as DadDnaResult["intensity"],
  version: row.version,
  answers: row.answers,
  takenAt: row.takenAt.toISOString(),
});

export function createDadDnaUsecases(options: {
  repository: DadDnaRepository;
  /** The profiles module keeps Pocket Dad's starting tone and intensity, inside this module's transaction. */
  savePocketDadPreferences: ProfilesUsecases["savePocketDadPreferences"];
  now?: () => Date;
}) {
  const { repository } = options;
  const now = options.now ?? (() => new Date());
  return {
    /** The dad's own result, or null before he has taken the test. */
    async get(user: SessionUser) {
      const row = await repository.find(user.id);
      return { result: row ? view(row) : null };
    },

    /**
     * Scores the answers, keeps the result (a retake replaces it) and makes its tone and intensity
     * Pocket Dad's defaults. The same submission sent again returns the stored result and changes nothing.
     */
    async submit(user: SessionUser, input: SubmitDadDna) {
      const result = scoreDadDna(input.answers);
      const saved = await repository.save(
        { userId: user.id, submissionId: input.submissionId, answers: input.answers, ...result, takenAt: now() },
        (tx) => options.savePocketDadPreferences({ userId: user.id, tone: result.tone, intensity: result.intensity }, tx),
      );
      return { result: view(saved) };
    },

    /** The coach module asks which archetype to coach to: the test's, when the dad has taken it. */
    archetypeOf: async (userId: string) => ((await repository.find(userId))?.archetype as Archetype | undefined) ?? null,
  };
}

export type DadDnaUsecases = ReturnType<typeof createDadDnaUsecases>;
