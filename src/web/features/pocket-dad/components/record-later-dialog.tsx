import { clsx } from "clsx";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/text-field";
import {
  type Intensity,
  POCKET_DAD_COPY,
  RECORD_BRIDGE_STORAGE_KEY,
  type RecordBridgeState,
  recordLaterTitle,
  type Tone,
  UNLOCK_TYPES,
  type UnlockType,
  unlockValueProblem,
} from "../../../../shared/pocket-dad";
import { trackEvent } from "../../../lib/analytics";
import { useSaveLegacy } from "../api/save-legacy";

const UNLOCK_LABELS: Record<UnlockType, string> = { milestone: "Milestone", date: "Date", age: "Age" };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  say: string;
  childId: string | null;
  tone: Tone;
  intensity: Intensity;
  /** Opened by 'Edit': the whole line, focused, for Dad to put in his own words before saving. */
  edit?: boolean;
};
const TITLE_FIELD_MAX = 200;
const TITLE_FIELD_ID = "pd-later-title";

/**
 * 'Record a message for later': saves the plan, then opens the video recorder with the bridge state.
 * The title is the line (cut at a word); from 'Edit' it is the whole line, to rewrite.
 */
export function RecordLaterDialog(props: Props) {
  const navigate = useNavigate();
  const save = useSaveLegacy();
  const [title, setTitle] = useState(() => (props.edit ? props.say.trim().slice(0, TITLE_FIELD_MAX) : recordLaterTitle(props.say)));
  const [unlockType, setUnlockType] = useState<UnlockType>("milestone");
  const [values, setValues] = useState<Record<UnlockType, string>>({ milestone: POCKET_DAD_COPY.defaultMilestone, date: "", age: "" });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!props.edit) return;
    // After the dialog has taken focus (it remembers the Edit button to give focus back to).
    const frame = requestAnimationFrame(() => {
      const field = document.getElementById(TITLE_FIELD_ID);
      if (!(field instanceof HTMLTextAreaElement)) return;
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    });
    return () => cancelAnimationFrame(frame);
  }, [props.edit]);

  async function submit() {
    if (!props.childId) return setProblem(POCKET_DAD_COPY.missingChild);
    const valueProblem = unlockValueProblem(unlockType, values[unlockType]);
    if (valueProblem) return setProblem(valueProblem);
    setProblem(null);
    trackEvent("pd_bridge_clicked", { unlock_type: unlockType });
    try {
      const saved = await save.mutateAsync({
        child_id: props.childId,
        title: title.trim() || recordLaterTitle(props.say),
        suggested_unlock_type: unlockType,
        suggested_unlock_value: values[unlockType].trim(),
        source: "PocketDad",
        tone: props.tone,
        tone_intensity: props.intensity,
      });
      const bridge: RecordBridgeState = {
        version: 1,
        source: "PocketDad",
        legacyId: saved.id,
        title: saved.title,
        unlockType,
        unlockValue: saved.suggested_unlock_value,
        childId: saved.child_id,
        tone: props.tone,
        toneIntensity: props.intensity,
      };
      sessionStorage.setItem(RECORD_BRIDGE_STORAGE_KEY, JSON.stringify(bridge));
      trackEvent("pd_bridge_record_started", { legacy_id: saved.id });
      await navigate("/record?video=true", { state: { pocketDadBridge: bridge } });
    } catch {
      setProblem(POCKET_DAD_COPY.saveLaterError);
    }
  }

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => !save.isPending && props.onOpenChange(open)}
      title="Record a message for later"
      description={props.edit ? "Put the line in your own words. Save it now, record it when the moment is right." : "Save the words now. Record them when the moment is right."}
      hideClose={save.isPending}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={save.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="accent" onClick={() => void submit()} busy={save.isPending}>
            {POCKET_DAD_COPY.recordLaterSave}
          </Button>
        </>
      }
    >
      {props.edit ? (
        // The whole line, on several rows so it can be read and rewritten on a phone.
        <div className="flex flex-col gap-1.5">
          <label htmlFor={TITLE_FIELD_ID} className="text-sm font-medium text-ink">
            Title
          </label>
          <textarea
            id={TITLE_FIELD_ID}
            rows={4}
            value={title}
            maxLength={TITLE_FIELD_MAX}
            aria-describedby={`${TITLE_FIELD_ID}-hint`}
            onChange={(e) => setTitle(e.target.value)}
            className="w-full rounded-lg border border-sand bg-white px-3.5 py-2.5 text-base text-ink hover:border-olive focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
          />
          <p id={`${TITLE_FIELD_ID}-hint`} className="text-sm text-olive-dark">
            Your words: change anything you like.
          </p>
        </div>
      ) : (
        <TextField label="Title" value={title} maxLength={TITLE_FIELD_MAX} onChange={(e) => setTitle(e.target.value)} />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">Unlock it on</legend>
        <div role="radiogroup" aria-label="Unlock type" className="grid grid-cols-3 gap-2">
          {UNLOCK_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={unlockType === type}
              onClick={() => {
                setUnlockType(type);
                setProblem(null);
              }}
              className={clsx("min-h-11 rounded-lg border text-sm font-semibold", unlockType === type ? "border-ink bg-mist-soft" : "border-sand bg-white")}
            >
              {UNLOCK_LABELS[type]}
            </button>
          ))}
        </div>
        <TextField
          label={unlockType === "milestone" ? "Milestone" : unlockType === "date" ? "Unlock date" : "Age in years"}
          type={unlockType === "date" ? "date" : unlockType === "age" ? "number" : "text"}
          min={unlockType === "age" ? 1 : undefined}
          value={values[unlockType]}
          onChange={(e) => setValues({ ...values, [unlockType]: e.target.value })}
        />
      </fieldset>
      {problem ? <Alert>{problem}</Alert> : null}
    </Dialog>
  );
}
