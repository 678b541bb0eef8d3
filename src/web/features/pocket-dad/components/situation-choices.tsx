import { POCKET_DAD_COPY, type SituationChoice } from "../../../../shared/pocket-dad";
import { Button } from "../../../components/ui/button";

/**
 * Under a general answer (no script fit what Dad wrote well enough): the closest scripts as buttons; choosing
 * one answers the same message with that script.
 */
export function SituationChoices(props: { choices: SituationChoice[]; disabled: boolean; onChoose: (id: string) => void }) {
  if (!props.choices.length) return null;
  return (
    <section aria-labelledby="closest-scripts" className="flex flex-col gap-2" data-testid="situation-choices">
      <h2 id="closest-scripts" className="text-sm font-semibold text-ink">
        {POCKET_DAD_COPY.closestScripts}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {props.choices.map((choice) => (
          <li key={choice.id}>
            <Button variant="secondary" disabled={props.disabled} onClick={() => props.onChoose(choice.id)}>
              {choice.title}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
