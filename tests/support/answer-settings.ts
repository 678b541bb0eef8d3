import { AGE_BANDS } from "../../src/server/modules/coach/playbook/playbook-engine";
import { INTENSITIES, TONES, VARIANTS } from "../../src/shared/pocket-dad";

/** Every way the Playbook can be asked for one situation's answer: each tone, intensity, age band, variant and variation. */
export function* everyAnswerSetting(variations: readonly number[] = [0, 1, 2, 3]) {
  for (const tone of TONES)
    for (const intensity of INTENSITIES)
      for (const band of AGE_BANDS) for (const variant of VARIANTS) for (const variation of variations) yield { tone, intensity, band, variant, variation };
}
