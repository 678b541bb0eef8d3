import { toast } from "../../../components/ui/toast";
import { LEGACY_COPY, LEGACY_PERIOD_CHOICES, type LegacySettingsInput } from "../../../../shared/guardians";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Switch } from "../../../components/ui/switch";
import { FieldFrame, fieldDescribedBy } from "../../../components/ui/text-field";
import { joinNames } from "../../../../shared/join-names";
import { LEGACY_VETO_DAYS_MAX, LEGACY_VETO_DAYS_MIN } from "../../../../shared/legacy-decision";
import { useLegacy, useSaveLegacy } from "../api/legacy";

const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** One numeric setting of 'If something happens to me': its label, its choices and what it means. */
function SettingRow(props: { id: string; label: string; hint?: string; value: number; choices: Array<{ value: number; label: string }>; disabled: boolean; wide?: boolean; onChange: (value: number) => void }) {
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint}>
      <select
        id={props.id}
        aria-describedby={fieldDescribedBy(props.id, props.hint, null)}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(Number(event.target.value))}
        className={`min-h-11 rounded-lg border border-sand bg-white px-3 py-2.5 text-base hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark ${props.wide ? "w-full max-w-sm" : "w-40"}`}
      >
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Settings › Family delivery › 'If something happens to me': the switch, the period, and what earlier releases opened. */
export function LegacyRelease() {
  const legacy = useLegacy();
  const save = useSaveLegacy();

  async function change(input: LegacySettingsInput) {
    try {
      await save.mutateAsync(input);
      toast.success(LEGACY_COPY.saved);
    } catch (cause) {
      toast.error(cause instanceof Error ? cause.message : LEGACY_COPY.saveFailed);
    }
  }

  if (legacy.isPending) return <div className="h-24 animate-pulse rounded-xl bg-sand-soft motion-reduce:animate-none" aria-label="Loading 'If something happens to me'" />;
  if (legacy.isError)
    return (
      <Alert title="We couldn't load 'If something happens to me'.">
        <Button variant="secondary" className="mt-3" onClick={() => void legacy.refetch()}>
          Try again
        </Button>
      </Alert>
    );

  const status = legacy.data.legacy;
  const rule = { enabled: status.enabled, periodMonths: status.periodMonths, guardiansNeeded: status.guardiansNeeded, vetoDays: status.vetoDays };
  return (
    <section aria-labelledby="legacy-title" className="flex flex-col gap-3 border-t border-sand-soft pt-5">
      <h3 id="legacy-title" className="text-lg font-semibold">
        {LEGACY_COPY.title}
      </h3>
      <div className="flex items-center justify-between gap-4">
        <span id="legacy-switch-label" className="text-base font-medium">
          {LEGACY_COPY.switchLabel}
        </span>
        <Switch
          checked={status.enabled}
          aria-labelledby="legacy-switch-label"
          aria-describedby="legacy-what"
          disabled={save.isPending}
          onCheckedChange={(enabled) => void change({ ...rule, enabled })}
        />
      </div>
      <SettingRow
        id="legacy-period"
        label={LEGACY_COPY.periodLabel}
        value={status.periodMonths}
        choices={LEGACY_PERIOD_CHOICES.map((months) => ({ value: months, label: `${months} months` }))}
        disabled={save.isPending}
        onChange={(months) => void change({ ...rule, periodMonths: months as LegacySettingsInput["periodMonths"] })}
      />
      <SettingRow
        id="legacy-guardians-needed"
        label={LEGACY_COPY.twoKeysLabel}
        hint={LEGACY_COPY.twoKeysExplanation}
        value={status.guardiansNeeded}
        choices={Array.from({ length: Math.max(status.acceptedGuardians, status.guardiansNeeded) + 1 }, (_, needed) => ({
          value: needed,
          label: needed === 0 ? LEGACY_COPY.twoKeysNone : needed === 1 ? "1 guardian" : `${needed} guardians`,
        }))}
        disabled={save.isPending}
        wide
        onChange={(guardiansNeeded) => void change({ ...rule, guardiansNeeded })}
      />
      {status.guardiansNeeded > 0 ? (
        <SettingRow
          id="legacy-veto-days"
          label={LEGACY_COPY.vetoLabel}
          value={status.vetoDays}
          choices={Array.from({ length: LEGACY_VETO_DAYS_MAX - LEGACY_VETO_DAYS_MIN + 1 }, (_, i) => LEGACY_VETO_DAYS_MIN + i).map((days) => ({ value: days, label: `${days} days` }))}
          disabled={save.isPending}
          onChange={(vetoDays) => void change({ ...rule, vetoDays })}
        />
      ) : null}
      {status.worried.length > 0 ? <Alert tone="info" title={LEGACY_COPY.worried(joinNames(status.worried))} /> : null}
      <div id="legacy-what" className="flex flex-col gap-2 text-sm text-olive-dark">
        <p>{LEGACY_COPY.whatHappens}</p>
        <p>{LEGACY_COPY.explanation}</p>
        <p>{LEGACY_COPY.falseAlarm}</p>
      </div>
      <p className="text-sm">
        {status.markedMemories === 1 ? "1 memory is" : `${status.markedMemories} memories are`} marked 'Release early if something happens to me'.
        {status.enabled && status.releaseAt
          ? status.guardiansNeeded > 0
            ? ` With no answer from you, the release would happen on ${dateOf(status.releaseAt)}.`
            : ` With no sign of you, the release would happen on ${dateOf(status.releaseAt)}.`
          : ""}
      </p>
      {status.acceptedGuardians === 0 ? <Alert tone="info" title={LEGACY_COPY.noGuardians} /> : null}
      {status.released.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-base font-semibold">{LEGACY_COPY.releasedTitle}</h4>
          <ul className="flex flex-col gap-1 text-sm" aria-label={LEGACY_COPY.releasedTitle}>
            {status.released.map((item) => (
              <li key={`${item.title}-${item.childName}-${item.releasedAt}`}>
                "{item.title}" for {item.childName}, released on {dateOf(item.releasedAt)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
