/** A time zone where the hour now is in [from, to): before 08:00 a family delivery waits; after, it goes at once. */
export function zoneWithHour(from: number, to: number) {
  const hourIn = (timeZone: string) => Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  return Intl.supportedValuesOf("timeZone").find((zone) => hourIn(zone) >= from && hourIn(zone) < to)!;
}

/** A time zone where it is now between 09:00 and 19:00, so an unlock is sent at once (not held until 08:00). */
export const daytimeZone = () => zoneWithHour(9, 19);
