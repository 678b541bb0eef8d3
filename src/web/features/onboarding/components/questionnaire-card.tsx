import { ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { ARCHETYPE_LABELS, type Archetype } from "../../../../shared/onboarding";
import { useOnboarding } from "../api/get-onboarding";

/** Settings: come back to the five questions any time, with the archetype they gave. */
export function QuestionnaireCard() {
  const state = useOnboarding();
  const completed = state.data?.completed ?? false;
  const quizResult = state.data?.quizResult;
  const archetype = quizResult && quizResult in ARCHETYPE_LABELS ? ARCHETYPE_LABELS[quizResult as Archetype] : null;
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="text-lg font-semibold">Pocket Dad questions</h2>
      <p className="text-sm text-olive-dark">
        Five quick questions keep Pocket Dad tuned to you. You can come back to these questions any time.
        {completed && archetype ? ` Your answers make you a ${archetype}.` : ""}
      </p>
      {state.isError ? <p className="text-sm text-olive-dark">We couldn't load your answers, but you can still answer the questions again.</p> : null}
      <ButtonLink variant="secondary" to={completed ? "/onboarding?retake=1&then=settings" : "/onboarding?then=settings"} className="self-start">
        {completed ? "Retake the questionnaire" : "Answer the five questions"}
      </ButtonLink>
    </Card>
  );
}
