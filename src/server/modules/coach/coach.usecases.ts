import { ageInMonthsLabel, ageOn, todayIn } from "../../../shared/calendar";
import { type Archetype, ARCHETYPES, type OnboardingAnswers } from "../../../shared/onboarding";
import { accountCountry } from "../../../shared/countries";
import { ARCHETYPE_HOME_TONE } from "../../../shared/dad-dna";
import {
  checkAnswerFormat,
  DEFAULT_INTENSITY,
  formatAnswer,
  DEFAULT_TONE,
  INTENSITIES,
  type Intensity,
  type PocketDadReply,
  TONES,
  type Tone,
  type SaveLegacyPlan,
  POCKET_DAD_COPY,
  type Variant,
} from "../../../shared/pocket-dad";
import type { ChildrenUsecases } from "../children/children.usecases";
import type { SessionUser } from "../auth/auth.types";
import type { ProfilesUsecases } from "../profiles/profiles.usecases";
import { coachErrors } from "./coach.errors";
import { type CoachContext, type ModelEngine, ModelProviderError } from "./coach.model-engine";
import { type CoachRepository, SAFETY_TOPIC } from "./coach.repository";
import { answerFromPlaybook, funnierFor, isSensitive, matchSituation, type PlaybookChild, situationBrief, situationById, warmUpPlaybook } from "./playbook/playbook-engine";
import { type DangerDetection, detectDanger, safetyKindIn } from "./playbook/danger";
import { askNote, type SafetyAnswer, safetyAnswer, safetyNote } from "./playbook/safety";
import type { Situation } from "./playbook/situations-content";

const RECENT_TOPICS = 3;

/** A stored value is used only if it is in the allowed list (spec 5). */
const storedTone = (value: string | null | undefined, fallback: Tone = DEFAULT_TONE): Tone => ((TONES as readonly string[]).includes(value ?? "") ? (value as Tone) : fallback);

const storedIntensity = (value: string | null | undefined): Intensity =>
  (INTENSITIES as readonly string[]).includes(value ?? "") ? (value as Intensity) : DEFAULT_INTENSITY;

/** A sure find replaces the script with the safety answer; an unsure one only puts a note above the usual script. */
const sureDanger = (detected: DangerDetection): DangerDetection => (detected.sure ? detected : { categories: [], sure: false });

/** The situation chosen for the model's prompt, or the closest ones when none fits well (general). */
function playbookGrounding(match: { situation: Situation; closest: Situation[] }, prompt: string, child: PlaybookChild | null) {
  const fits = match.closest.length === 0;
  return { fits, situations: (fits ? [match.situation] : match.closest).map((situation) => situationBrief(situation, prompt, child)) };
}

function funnierReply(kind: "script" | "general" | "safety", sensitive: boolean) {
  const { funnierAllowed, funnierReason } = funnierFor(kind, sensitive);
  return { funnier_allowed: funnierAllowed, funnier_reason: funnierReason };
}

/**
 * Under a safety note (someone may be in danger) the script never jokes: Playful and Funnier give way to the
 * steady Direct tone, which the answer says quietly in its note; Funnier stays off, for the danger's reason.
 */
function steadyUnderNote(request: { tone: Tone; variant: Variant }) {
  const changed = request.tone === "playful" || request.variant === "funnier";
  return {
    tone: request.tone === "playful" ? ("direct" as const) : request.tone,
    variant: request.variant === "funnier" ? ("standard" as const) : request.variant,
    note: changed ? POCKET_DAD_COPY.keptSteady : null,
    ...funnierReply("safety", true),
  };
}
const joinNotes = (...notes: (string | null)[]) => notes.filter(Boolean).join(" ") || null;

export function createCoachUsecases(options: {
  repository: CoachRepository;
  /** The children module lists a dad's children with their signed photo links. */
  children: Pick<ChildrenUsecases, "list">;
  model?: ModelEngine;
  /** The profiles module reads the profile (saved tone and intensity, time zone). */
  findProfile: ProfilesUsecases["findProfile"];
  /** The Dad DNA module: the archetype from his test, which outranks the five setup questions' one. */
  dadDnaArchetypeOf: (userId: string) => Promise<Archetype | null>;
  /** The profiles module keeps the saved tone and intensity (profiles.pocketdad_tone, _intensity). */
  savePocketDadPreferences: (input: { userId: string; tone: string | null; intensity: string | null }) => Promise<unknown>;
  now?: () => Date;
}) {
  const { repository, model } = options;
  // In the background, once the server is up: the first question then answers at its usual speed.
  setTimeout(warmUpPlaybook, 0).unref();
  const now = options.now ?? (() => new Date());

  /** The archetype Pocket Dad coaches to: the Dad DNA test's, else the setup questions' (quiz_result), else none. */
  async function archetypeFor(userId: string, quizResult: string | null | undefined) {
    const fromTest = await options.dadDnaArchetypeOf(userId);
    if (fromTest) return { archetype: fromTest, source: "dad_dna" as const };
    const fromSetup = ARCHETYPES.find((archetype) => archetype === quizResult);
    return fromSetup ? { archetype: fromSetup, source: "onboarding" as const } : null;
  }

  /**
   * The tone and intensity Pocket Dad starts in: the ones Dad saved (his questionnaire, his Dad DNA test or his own
   * pick), else his archetype's home tone, else Direct at baseline.
   */
  async function startingPreferences(userId: string, profile: Awaited<ReturnType<ProfilesUsecases["findProfile"]>> | undefined) {
    const archetype = await archetypeFor(userId, profile?.quizResult);
    const tone = storedTone(profile?.pocketdadTone, archetype ? ARCHETYPE_HOME_TONE[archetype.archetype] : DEFAULT_TONE);
    return { archetype, preferences: { tone, tone_intensity: storedIntensity(profile?.pocketdadToneIntensity) } };
  }

  /**
   * Asks the model, retrying once when its answer is not in the format; aborts pass through. A model that is down
   * (refused, an error status, silent) gives null: the Playbook answers instead.
   */
  async function askModel(engine: ModelEngine, context: CoachContext, signal?: AbortSignal) {
    for (let attempt = 0; attempt < 2; attempt++) {
      let text: string;
      try {
        text = await engine.generate(context, signal);
      } catch (error) {
        if (signal?.aborted) throw coachErrors.aborted();
        if (error instanceof ModelProviderError) return null;
        throw error;
      }
      const check = checkAnswerFormat(text);
      if (!check.ok) continue;
      // 'Shorter' promises exactly two steps; a model that gives more is trimmed to its first two.
      if (context.variant === "shorter" && check.answer.doItems.length > 2) return formatAnswer({ ...check.answer, doItems: check.answer.doItems.slice(0, 2) });
      return text.trim();
    }
    throw coachErrors.invalidFormat();
  }

  return {
    /** What the screen needs: children, saved tone and intensity, the archetype, onboarding state. */
    async context(user: SessionUser) {
      const [childRows, profile] = await Promise.all([options.children.list({ userId: user.id }), options.findProfile(user.id)]);
      const { archetype, preferences } = await startingPreferences(user.id, profile);
      const today = todayIn(now(), profile?.timeZone ?? "UTC");
      return {
        children: childRows.map((child) => ({
          id: child.id,
          name: child.name,
          ageYears: ageOn(child.birthdate, today).years,
          ageLabel: ageInMonthsLabel(ageOn(child.birthdate, today)),
          profileNote: child.profileNote,
          photoUrl: child.photoUrl,
        })),
        preferences,
        quizResult: archetype?.archetype ?? null,
        /** Where the archetype comes from: the Dad DNA test or the five setup questions. */
        archetypeSource: archetype?.source ?? null,
        onboardingCompleted: Boolean(profile?.quizCompletedAt),
      };
    },

    async ask(
      user: SessionUser,
      input: { prompt: string; tone?: Tone; tone_intensity?: Intensity; child_id?: string | null; variant?: Variant; situation_id?: string | null },
      signal?: AbortSignal,
    ): Promise<PocketDadReply> {
      const childId = input.child_id ?? null;
      const child = childId ? await repository.findChild(user.id, childId) : undefined;
      if (childId && !child) throw coachErrors.childNotFound();
      const childContext = child ? { name: child.name, ageYears: ageOn(child.birthdate, todayIn(now(), child.timeZone)).years, profileNote: child.profileNote } : null;
      const variant = input.variant ?? "standard";
      // A script Dad picked from the closest ones a general answer offered.
      const picked = input.situation_id ? situationById(input.situation_id) : undefined;
      if (input.situation_id && !picked) throw coachErrors.unknownSituation();
      const match = picked ? { situation: picked, closest: [] } : matchSituation(input.prompt, childContext);

      // Safety first, whichever engine answers.
      const detected = detectDanger(input.prompt);
      let danger = sureDanger(detected);
      /** What the message only might be: named in a note above the usual script. */
      let unsure = detected.sure ? null : (detected.categories[0] ?? null);
      // With a model, a message the local check is unsure of gets its second opinion: danger makes it the safety answer,
      // not danger takes the note away; no opinion (down, slow, out of format) leaves the local answer. A model found
      // down here is not asked again for the script: the Playbook answers, within the same 3 s.
      let modelDown = false;
      if (model && unsure) {
        const opinion = await model.secondOpinion(input.prompt, signal).catch((error: unknown) => {
          throw signal?.aborted ? coachErrors.aborted() : error;
        });
        modelDown = opinion === "down";
        if (opinion && opinion !== "down") {
          if (opinion.danger) danger = { categories: [opinion.category, ...detected.categories.filter((category) => category !== opinion.category)], sure: true };
          unsure = null;
        }
      }
      /** What the danger was read in: Dad's message, or the model's answer to it. */
      let dangerText = input.prompt;
      const named = Boolean(input.tone && input.tone_intensity);
      // The profile holds Dad's country, whose numbers the safety answer and the model's prompt give alike, and his tone.
      const profileRead = detected.categories.length || detected.ask || model || !named ? options.findProfile(user.id) : Promise.resolve(undefined);
      // A question that names no tone or intensity is answered in the ones the screen would start in for him.
      const starting = named ? null : (await startingPreferences(user.id, await profileRead)).preferences;
      const tone = input.tone ?? starting!.tone;
      const intensity = input.tone_intensity ?? starting!.tone_intensity;
      /** A note above the script (an unsure danger, or the question for a few words) keeps the script steady under it. */
      const steady = unsure || detected.ask ? steadyUnderNote({ tone, variant }) : null;
      /** The model's script (with what shaped it), or null when there is no model to ask or it is down. */
      const scriptFromModel = async (engine: ModelEngine) => {
        const sensitive = isSensitive(match.situation, input.prompt);
        const [profile, recent] = await Promise.all([profileRead, repository.recentResponses(user.id, childId, RECENT_TOPICS)]);
        const answers = profile?.onboardingAnswers as Partial<OnboardingAnswers> | null;
        const archetype = await archetypeFor(user.id, profile?.quizResult);
        const context: CoachContext = {
          prompt: input.prompt,
          tone: steady?.tone ?? tone,
          intensity,
          child: childContext,
          parentingStyle: answers?.parenting_style ?? [],
          archetype: archetype?.archetype ?? null,
          recentTopics: recent.map((r) => r.prompt.slice(0, 80)),
          sensitive,
          variant: steady?.variant ?? (variant === "funnier" && sensitive ? "standard" : variant),
          country: accountCountry(profile ?? {}),
          playbook: playbookGrounding(match, input.prompt, childContext),
        };
        const text = await askModel(engine, context, signal);
        return text === null ? null : { text, sensitive };
      };
      const fromModel = model && !modelDown && !danger.categories.length ? await scriptFromModel(model) : null;
      let answer: Omit<PocketDadReply, "response_id" | "liked" | "safety" | "category" | "safety_note" | "choices" | `safety_${"kind" | "phones" | "audience"}`> & { topic: string };
      let choices: Situation[] = [];
      if (danger.categories.length) {
        answer = { message: "", topic: SAFETY_TOPIC, engine: model ? "model" : "playbook", kind: "safety", sensitive: true, note: null, ...funnierReply("safety", true) };
      } else if (fromModel) {
        const { text, sensitive } = fromModel;
        // The model's answer is checked again: a script that describes an emergency is replaced by the safety answer.
        const inAnswer = detectDanger(text);
        danger = sureDanger(inAnswer);
        unsure ??= inAnswer.sure ? null : (inAnswer.categories[0] ?? null);
        dangerText = text;
        const softened = !steady && sensitive && (tone === "playful" || variant === "funnier");
        answer = danger.categories.length
          ? { message: "", topic: SAFETY_TOPIC, engine: "model", kind: "safety", sensitive: true, note: null, ...funnierReply("safety", true) }
          : {
              message: text,
              topic: "model",
              engine: "model",
              kind: "script",
              sensitive,
              ...funnierReply("script", sensitive),
              ...(steady ? { note: steady.note, funnier_allowed: steady.funnier_allowed, funnier_reason: steady.funnier_reason } : { note: softened ? POCKET_DAD_COPY.keptGentle : null }),
            };
      } else {
        const variation = await repository.countTopic(user.id, childId, match.situation.id);
        const playbook = answerFromPlaybook({
          prompt: input.prompt,
          tone: steady?.tone ?? tone,
          intensity,
          child: childContext,
          variation,
          variant: steady?.variant ?? variant,
          situation: picked,
        });
        choices = playbook.closest;
        answer = {
          message: playbook.text,
          topic: playbook.situation.id,
          engine: "playbook",
          kind: playbook.kind,
          sensitive: playbook.sensitive,
          note: joinNotes(playbook.note, steady?.note ?? null),
          funnier_allowed: steady?.funnier_allowed ?? playbook.funnierAllowed,
          funnier_reason: steady?.funnier_reason ?? playbook.funnierReason,
        };
      }
      let safety: SafetyAnswer | null = null;
      if (danger.categories.length) {
        const kind = safetyKindIn(dangerText, danger.categories[0]);
        const country = accountCountry((await profileRead) ?? {});
        safety = safetyAnswer({ categories: danger.categories, kind, country, child: childContext, prompt: input.prompt });
        answer.message = safety.text;
      }
      const country = accountCountry((await profileRead) ?? {});
      const note = safety ? null : unsure ? safetyNote({ category: unsure, country, child: childContext }) : detected.ask ? askNote(country) : null;
      if (signal?.aborted) throw coachErrors.aborted();
      const saved = await repository.insertResponse({
        userId: user.id,
        childId,
        prompt: input.prompt,
        tone,
        intensity,
        text: answer.message,
        topic: answer.topic,
        engine: answer.engine,
      });
      return {
        message: answer.message,
        response_id: saved.id,
        liked: false,
        safety: answer.kind === "safety",
        engine: answer.engine,
        kind: answer.kind,
        sensitive: answer.sensitive,
        note: answer.note,
        funnier_allowed: answer.funnier_allowed,
        funnier_reason: answer.funnier_reason,
        category: danger.categories[0] ?? null,
        safety_kind: safety?.kind ?? null,
        safety_phones: safety?.phones ?? [],
        safety_audience: safety?.audience ?? null,
        safety_note: note,
        // A few words that name nothing have no closest scripts worth offering (they would be chosen at random).
        choices: answer.kind === "general" && !detected.ask ? choices.map((situation) => ({ id: situation.id, title: situation.title })) : [],
      };
    },

    async like(user: SessionUser, responseId: string) {
      if (await repository.like(user.id, responseId)) return { response_id: responseId, liked: true };
      if (await repository.responseExists(user.id, responseId)) throw coachErrors.alreadyLiked();
      throw coachErrors.responseNotFound();
    },

    /** 'Edit': Dad's own words become the line of his answer (a safety answer's first aid stays as written). */
    async editSay(user: SessionUser, responseId: string, say: string) {
      if (await repository.saveEditedSay(user.id, responseId, say)) return { response_id: responseId, say };
      if (await repository.responseExists(user.id, responseId)) throw coachErrors.safetyNotEditable();
      throw coachErrors.responseNotFound();
    },

    async savePreferences(user: SessionUser, preferences: { tone: Tone; tone_intensity: Intensity }) {
      await options.savePocketDadPreferences({ userId: user.id, tone: preferences.tone, intensity: preferences.tone_intensity });
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
      await options.savePocketDadPreferences({ userId: user.id, tone: null, intensity: null });
      return { cleared: true };
    },
  };
}

export type CoachUsecases = ReturnType<typeof createCoachUsecases>;
