import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose } from "../../../components/ui/dialog";
import { EMPTY_MEMORY_FIELDS, MemoryFields, memoryFieldsInput, type MemoryFieldValues } from "../../../components/memory/memory-fields";
import {
  type Intensity,
  PLAN_UNLOCK_TYPES,
  type PlanUnlockType,
  POCKET_DAD_COPY,
  RECORD_BRIDGE_STORAGE_KEY,
  type RecordBridgeState,
  recordLaterFieldsSchema,
  recordLaterTitle,
  type Tone,
} from "../../../../shared/pocket-dad";
import { trackEvent } from "../../../lib/analytics";
import { type FieldErrors, fieldErrors } from "../../../lib/form-errors";
import { useSaveLegacy } from "../api/save-legacy";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  say: string;
  childId: string | null;
  tone: Tone;
  intensity: Intensity;
};

/** The plan's one unlock value as the API carries it: the chosen type's field. */
function unlockValueOf(values: MemoryFieldValues) {
  if (values.unlockType === "age") return values.unlockAge;
  if (values.unlockType === "date") return values.unlockDate;
  return values.unlockMilestone;
}

/**
 * 'Record a message for later': saves the plan, then opens the video recorder with the bridge state.
 * The title is the line (cut at a word), Dad's own words when he edited it. Its title and
 * unlock fields are every memory's (MemoryFields, recordLaterFieldsSchema), each problem beside its field.
 */
export function RecordLaterDialog(props: Props) {
  const navigate = useNavigate();
  const save = useSaveLegacy();
  const [values, setValues] = useState<MemoryFieldValues>(() => ({
    ...EMPTY_MEMORY_FIELDS,
    title: recordLaterTitle(props.say),
    // No milestone is guessed for him: one word for every situation ('next big game day') fit almost none.
    unlockType: "milestone",
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    if (!props.childId) return setProblem(POCKET_DAD_COPY.missingChild);
    // A title left blank falls back to the line itself (spec 002: the title is the answer's words).
    const parsed = recordLaterFieldsSchema.safeParse(memoryFieldsInput({ ...values, title: values.title.trim() || recordLaterTitle(props.say) }));
    setErrors(fieldErrors(parsed));
    if (!parsed.success) return setProblem(null);
    setProblem(null);
    const unlockType: PlanUnlockType = parsed.data.unlockType;
    trackEvent("pd_bridge_clicked", { unlock_type: unlockType });
    try {
      const saved = await save.mutateAsync({
        child_id: props.childId,
        title: parsed.data.title,
        suggested_unlock_type: unlockType,
        suggested_unlock_value: unlockValueOf(values).trim(),
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
      description="Save the words now. Record them when the moment is right."
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
      <MemoryFields
        idPrefix="pd-later"
        values={values}
        errors={errors}
        onChange={(patch) => {
          setValues((current) => ({ ...current, ...patch }));
          // A message goes once the field it was about is changed.
          setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
        }}
        notes={false}
        releaseEarly={false}
        unlockTypes={PLAN_UNLOCK_TYPES}
      />
      {problem ? <Alert>{problem}</Alert> : null}
    </Dialog>
  );
}
