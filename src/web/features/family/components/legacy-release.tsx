import { toast } from "../../../components/ui/toast";
import { LEGACY_COPY, LEGACY_PERIOD_CHOICES, type LegacySettingsInput } from "../../../../shared/guardians";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Switch } from "../../../components/ui/switch";
import { joinNames } from "../../../../shared/join-names";
import { LEGACY_VETO_DAYS_MAX, LEGACY_VETO_DAYS_MIN } from "../../../../shared/legacy-decision";
import { useLegacy, useSaveLegacy } from "../api/legacy";

const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

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
  const selectClass =
    "min-h-11 rounded-lg border border-sand bg-white px-3 py-2.5 text-base hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark";
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
      <div className="flex flex-col gap-1.5">
        <label htmlFor="legacy-period" className="text-sm font-medium">
          {LEGACY_COPY.periodLabel}
        </label>
        <select
          id="legacy-period"
          value={status.periodMonths}
          disabled={save.isPending}
          onChange={(event) => void change({ ...rule, periodMonths: Number(event.target.value) as LegacySettingsInput["periodMonths"] })}
          className={`${selectClass} w-40`}
        >
          {LEGACY_PERIOD_CHOICES.map((months) => (
            <option key={months} value={months}>
              {months} months
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="legacy-guardians-needed" className="text-sm font-medium">
          {LEGACY_COPY.twoKeysLabel}
        </label>
        <select
          id="legacy-guardians-needed"
          aria-describedby="legacy-two-keys"
          value={status.guardiansNeeded}
          disabled={save.isPending}
          onChange={(event) => void change({ ...rule, guardiansNeeded: Number(event.target.value) })}
          className={`${selectClass} w-full max-w-sm`}
        >
          {Array.from({ length: Math.max(status.acceptedGuardians, status.guardiansNeeded) + 1 }, (_, needed) => (
            <option key={needed} value={needed}>
              {needed === 0 ? LEGACY_COPY.twoKeysNone : needed === 1 ? "1 guardian" : `${needed} guardians`}
            </option>
          ))}
        </select>
        <p id="legacy-two-keys" className="text-sm text-olive-dark">
          {LEGACY_COPY.twoKeysExplanation}
        </p>
      </div>
      {status.guardiansNeeded > 0 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="legacy-veto-days" className="text-sm font-medium">
            {LEGACY_COPY.vetoLabel}
          </label>
          <select
            id="legacy-veto-days"
            value={status.vetoDays}
            disabled={save.isPending}
            onChange={(event) => void change({ ...rule, vetoDays: Number(event.target.value) })}
            className={`${selectClass} w-40`}
          >
            {Array.from({ length: LEGACY_VETO_DAYS_MAX - LEGACY_VETO_DAYS_MIN + 1 }, (_, i) => LEGACY_VETO_DAYS_MIN + i).map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </select>
        </div>
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
