import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, type CountryCode, countryFromTimeZone } from "../../../../shared/countries";
import { checkAnswerFormat, SAFETY_CATEGORIES, type SafetyCategory } from "../../../../shared/pocket-dad";
import { detectDanger, safetyKindIn } from "./danger";
import { ageGroupIn, safetyAnswer } from "./safety";
import { AGE_GROUPS, loadSafetyContent, safetyContentFiles } from "./safety-content";

const content = loadSafetyContent();
const answerOf = (kind: string) => content.answers.find((answer) => answer.kind === kind)!;
const ages = { baby: 0, toddler: 2, child: 7, teen: 15 } as const;
type Age = keyof typeof ages | "unknown";
/** The answer a father sees for a kind of emergency, in a country, for a child of an age. */
function render(kind: string, country: CountryCode = "US", age: Age = "child", name: string | null = "Sam") {
  const answer = answerOf(kind);
  const result = safetyAnswer({ categories: answer.category, kind, country, child: { name, ageYears: age === "unknown" ? null : ages[age] } });
  const check = checkAnswerFormat(result.text);
  if (!check.ok) throw new Error(`${kind} ${country} ${age}: ${check.problem}\n${result.text}`);
  return { ...result, ...check.answer, steps: check.answer.doItems.join("\n") };
}

describe("the safety content", () => {
  it("ships the generated JSON and sources page that match content/safety (run `npm run build:safety` after editing it)", () => {
    for (const [file, text] of Object.entries(safetyContentFiles(content))) expect(fs.readFileSync(file, "utf8"), file).toBe(text);
  });

  it("gives every step and every number a source with its URL and date", () => {
    for (const answer of content.answers) for (const step of answer.steps) expect(step.sources.length, `${answer.kind}: ${step.text}`).toBeGreaterThan(0);
    for (const country of Object.values(content.numbers.countries)) for (const service of Object.values(country.services)) expect(service.source.url).toMatch(/^https:\/\//);
    const page = fs.readFileSync("docs/safety-sources.md", "utf8");
    expect(page).toContain("https://www.nhs.uk/conditions/choking/) (2026-11-27)");
    expect(page).toContain("## Not shipped");
  });

  it("has an answer for every category, and one per emergency of the issue", () => {
    const kinds = content.answers.map((answer) => answer.kind);
    for (const category of SAFETY_CATEGORIES) expect(content.answers.some((answer) => answer.category === category), category).toBe(true);
    for (const kind of ["choking", "not-breathing", "unconscious", "seizure", "bleeding", "burn", "drowning", "anaphylaxis", "button-battery", "infant-fever", "head-injury", "carbon-monoxide", "diabetic-low", "parent-crisis", "child-shaken"]) {
      expect(kinds).toContain(kind);
    }
  });

  it.each(content.answers.flatMap((answer) => answer.examples.map((example) => [answer.kind, example])))("routes '%s' example '%s' to its answer", (kind, example) => {
    const found = detectDanger(example);
    expect(found.categories[0]).toBe(answerOf(kind).category);
    expect(safetyKindIn(example, found.categories[0]!)).toBe(kind);
  });

  it.each(answerOf("parent-crisis").notExamples!.map((text) => [text]))("does not read '%s' as a father in crisis", (text) => {
    expect(detectDanger(text).categories).not.toContain("parent-crisis");
  });
});

describe("a father afraid he will hurt his child", () => {
  it.each([
    ["I'm so angry I'm scared I'm going to shake him", "parent-crisis"],
    ["afraid I'll hit him", "parent-crisis"],
    ["I feel like throwing the baby", "parent-crisis"],
    ["scared ill shake her if she doesnt stop screaming", "parent-crisis"],
    ["I just shook him", "child-shaken"],
  ])("'%s' gets the %s answer, sure, not a night-light or violence script", (prompt, kind) => {
    expect(detectDanger(prompt)).toEqual({ categories: ["parent-crisis"], sure: true });
    expect(safetyKindIn(prompt, "parent-crisis")).toBe(kind);
  });

  it.each([
    "about to do something i'll probably regret and book a caravan holiday with all four kids",
    "I'm going to do something stupid and let my 6 year old cut my hair",
    "going to do something daft and enter the dads race at sports day",
  ])("'%s' names an everyday plan for the thing he will regret: a joke, no danger", (prompt) => {
    expect(detectDanger(prompt)).toEqual({ categories: [], sure: false });
  });

  it.each([
    "I'm about to do something I'll regret and throw him across the room",
    "im going to do something i regret and just leave them here on their own",
    "the twins have screamed for three hours and im about to do something i will regret and i know it",
  ])("'%s' names a harm, or no plan at all: still a father in crisis", (prompt) => {
    expect(detectDanger(prompt).categories).toEqual(["parent-crisis"]);
  });

  it("puts the baby down and Dad out of the room, never shaking, a parents' helpline now, the emergency number if hurt", () => {
    const answer = render("parent-crisis", "AU", "baby");
    expect(answer.audience).toBe("dad");
    expect(answer.say).toBe("Lay the baby on their back in the empty cot, walk out, and close the door.");
    // The steps go on from the hands' line instead of saying it again: how long to stay out, and why that is safe.
    const sayWords = new Set(answer.say.toLowerCase().match(/[a-z]{4,}/g));
    for (const step of answer.doItems) {
      const shared = (step.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((word, index, all) => sayWords.has(word) && all.indexOf(word) === index);
      expect(shared.length / sayWords.size, step).toBeLessThan(0.5);
    }
    expect(answer.doItems[0]).toMatch(/^Stay out of the room for 10 to 15 minutes .* Crying won't hurt them/);
    expect(answer.steps).toContain("Never shake a baby");
    expect(answer.steps).toContain("MensLine Australia (1300 78 99 78, for dads, any time)");
    expect(answer.doItems[3]).toMatch(/If your child is hurt, or was shaken, call 000 now and tell the doctors/);
  });

  it("a baby already shaken: the emergency number first, and the doctors told", () => {
    const answer = render("child-shaken", "GB", "baby");
    expect(answer.doItems[0]).toMatch(/^Call 999 now, even if your child seems fine, and say they were shaken/);
    expect(answer.steps).toContain("Tell the doctors exactly what happened");
    expect(answer.steps).toContain("Family Lives (0808 800 2222)");
  });
});

describe("first aid for the first minutes", () => {
  it("choking under 1: back blows and chest thrusts, never abdominal thrusts; over 1: back blows and abdominal thrusts; CPR on speaker", () => {
    const baby = render("choking", "US", "baby");
    expect(baby.audience).toBe("dad");
    expect(baby.say).toMatch(/face down along your forearm.*5 firm back blows/i);
    expect(baby.steps).toMatch(/up to 5 firm back blows between the shoulder blades/);
    expect(baby.steps).toMatch(/up to 5 chest thrusts with two fingers/);
    expect(baby.steps).toContain("Never abdominal thrusts under 1");
    expect(baby.steps).not.toMatch(/belly button|pull sharply in and up/);
    expect(baby.steps).toMatch(/start CPR with the dispatcher on speaker/);
    const toddler = render("choking", "US", "toddler");
    expect(toddler.steps).toMatch(/up to 5 sharp back blows/);
    expect(toddler.steps).toMatch(/fist just above the belly button.*pull sharply in and up, up to 5 times/);
    expect(toddler.steps).not.toContain("chest thrusts");
    // Age not known: both, clearly labelled.
    const unknown = render("choking", "US", "unknown");
    expect(unknown.steps).toMatch(/Under 1: .*Never abdominal thrusts under 1/);
    expect(unknown.steps).toMatch(/Over 1: .*abdominal thrusts/);
  });

  it("not breathing: CPR started during the call, on speaker; breathing but unconscious: the recovery position", () => {
    const cpr = render("not-breathing", "US", "child");
    expect(cpr.doItems[0]).toMatch(/^Call 911 now and put the phone on speaker/);
    expect(cpr.steps).toMatch(/after 30 pushes, .* give 2 breaths/);
    const unconscious = render("unconscious", "US", "child");
    expect(unconscious.steps).toMatch(/recovery position/);
    expect(unconscious.steps).toMatch(/Give nothing to eat or drink/);
  });

  it("seizure: time it, nothing in the mouth, the emergency number at 5 minutes or at once for a first one", () => {
    const { steps } = render("seizure", "US");
    expect(steps).toMatch(/Note the time now/);
    expect(steps).toMatch(/put nothing in the mouth/);
    expect(steps).toMatch(/Call 911 now if it's the first seizure, if it lasts 5 minutes/);
  });

  it("bleeding: firm pressure first", () => {
    expect(render("bleeding", "US").doItems[0]).toMatch(/^Press hard right on the wound/);
  });

  it("burns: cool running water for 20 minutes; no ice, butter or creams", () => {
    const { doItems, steps } = render("burn", "GB", "toddler");
    expect(doItems[0]).toMatch(/cool or lukewarm running water for 20 minutes/);
    expect(steps).toMatch(/No ice, iced water, butter or creams/);
    expect(steps).toContain("Call 999 for a burn");
    expect(steps).not.toMatch(/nothing to eat or drink/i);
  });

  it("drowning: rescue breaths first", () => {
    expect(render("drowning", "US").steps).toMatch(/give 5 rescue breaths first/);
  });

  it("anaphylaxis: the auto-injector first, then the emergency number, lying down legs raised, a second dose after 5 minutes, hospital even if better", () => {
    const { doItems } = render("anaphylaxis", "AU");
    expect(doItems[0]).toMatch(/adrenaline auto-injector .* use it now into the outer thigh/);
    expect(doItems[1]).toMatch(/^Then call 000 and say 'anaphylaxis', even if they seem better/);
    expect(doItems[2]).toMatch(/Lie them down with legs raised/);
    expect(doItems[3]).toMatch(/No better after 5 minutes: give a second auto-injector.*hospital even if they recover/);
  });

  it("button battery: hospital now; honey 10 mL every 10 minutes over 1 year old only; the battery hotline", () => {
    const toddler = render("button-battery", "US", "toddler");
    expect(toddler.doItems[0]).toMatch(/^Go to the emergency department now, even if they seem fine/);
    expect(toddler.steps).toMatch(/2 teaspoons \(10 mL\) of honey every 10 minutes, up to 6 times, on the way; never let it delay leaving, and never honey under 1/);
    expect(toddler.steps).toContain("the National Battery Ingestion Hotline (1-800-498-8666)");
    expect(toddler.steps).not.toMatch(/nothing to eat or drink/i);
    const baby = render("button-battery", "US", "baby");
    expect(baby.steps).toContain("Under 1: no honey");
    expect(baby.steps).not.toMatch(/teaspoons/);
    // Where there is no battery line, the poisons line advises.
    expect(render("button-battery", "AU", "toddler").steps).toContain("the Poisons Information Centre (13 11 26)");
  });

  it("infant fever under 3 months: a doctor now, the emergency number for red flags, and keep feeding", () => {
    const { steps, doItems } = render("infant-fever", "GB", "baby");
    expect(doItems[0]).toMatch(/38°C \(100.4°F\) or more needs a doctor now: call your doctor or NHS 111 now, or go to the emergency department/);
    expect(doItems[1]).toMatch(/^Call 999 if the baby is floppy or hard to wake/);
    expect(steps).toMatch(/Keep feeding/);
    expect(steps).not.toMatch(/nothing to eat or drink/i);
    expect(render("infant-fever", "US", "baby").doItems[0]).toContain("call your doctor or a health advice line now");
  });

  it("head injury: its red flags, and nothing to eat or drink until seen", () => {
    const { steps } = render("head-injury", "US");
    expect(steps).toMatch(/knocked out, are very drowsy .* keep vomiting, have clear fluid or blood from the ears or nose/);
    expect(steps).toMatch(/Give nothing to eat or drink until a doctor has seen them/);
  });

  it("carbon monoxide and gas: everyone out first, no switches, the call made from outside", () => {
    const { doItems } = render("carbon-monoxide", "GB");
    expect(doItems[0]).toMatch(/^Get everyone out now, into fresh air/);
    expect(doItems[1]).toMatch(/no light switches, plugs, flames or phone calls indoors/);
    expect(doItems[2]).toMatch(/^Once outside, call 999 .* call the National Gas Emergency line \(0800 111 999\) from outside/);
    expect(detectDanger("the carbon monoxide alarm is going off and the kids feel sick").categories).toEqual(["poisoning"]);
    expect(safetyKindIn("the carbon monoxide alarm is going off and the kids feel sick", "poisoning")).toBe("carbon-monoxide");
  });

  it("a diabetic low: sugar at once when awake and able to swallow, nothing by mouth when not", () => {
    const { doItems } = render("diabetic-low", "US", "child");
    expect(doItems[0]).toMatch(/^Awake and able to swallow: give fast sugar now/);
    expect(doItems[1]).toMatch(/unable to swallow: nothing by mouth; call 911/);
  });

  it("says 'give nothing to eat or drink' only where it belongs", () => {
    const belongs = new Set(["unconscious", "not-breathing", "choking", "head-injury", "drowning", "seizure", "medical", "poisoning", "child-shaken"]);
    for (const answer of content.answers) {
      for (const age of [...AGE_GROUPS, "unknown"] as const) {
        const { steps } = render(answer.kind, "US", age);
        if (!belongs.has(answer.kind)) expect(steps, `${answer.kind} ${age}`).not.toMatch(/nothing to eat or drink/i);
      }
    }
    // Where it is said for a condition, the condition comes with it.
    expect(render("medical").steps).toMatch(/if your child is drowsy or confused, give nothing to eat or drink/);
  });
});

describe("abuse and self-harm", () => {
  it("abuse: reports go to child protection or the police, the line advises; no detailed questions, no confronting; never keep or forward images; 'I believe you'", () => {
    const us = render("abuse", "US", "child");
    expect(us.say).toMatch(/^Sam, I believe you\./);
    expect(us.say).not.toMatch(/promise/i);
    expect(us.steps).toContain("Report it to your state's child protective services (CPS) or the police; for advice on what to do next, call the Childhelp National Child Abuse Hotline (1-800-422-4453)");
    expect(us.steps).toContain("Don't question your child in detail and don't confront the person");
    expect(us.steps).toMatch(/never forward or keep them.*report them to NCMEC's CyberTipline \(report.cybertip.org\) or Take It Down/);
    expect(render("abuse", "GB").steps).toContain("CEOP (ceop.police.uk) or the Internet Watch Foundation");
    expect(render("abuse", "US", "teen").say).toMatch(/^I believe you\./);
  });

  it("self-harm: the direct question, guns out tonight, medicines and alcohol locked away, a professional within a day or two", () => {
    const teen = render("self-harm", "US", "teen");
    expect(teen.say).toMatch(/^Are you thinking about killing yourself\?/);
    expect(teen.steps).toMatch(/guns out of the house/);
    expect(teen.steps).toMatch(/every medicine, .* and all alcohol locked away/);
    expect(teen.steps).toMatch(/seen by a professional within a day or two/);
    expect(teen.steps).toContain("Call or text the 988 Suicide & Crisis Lifeline together, now");
  });
});

describe("words for the child's age", () => {
  it.each(content.answers.map((answer) => [answer.kind]))("%s: Dad's hands for a baby, a few short words for a toddler, a teenager spoken to as one", (kind) => {
    const baby = render(kind, "US", "baby");
    expect(baby.audience).toBe("dad");
    expect(baby.say).not.toContain("Sam");
    const toddler = render(kind, "US", "toddler");
    expect(toddler.audience).toBe("child");
    expect(toddler.say.split(" ").length, toddler.say).toBeLessThanOrEqual(10);
    const teen = render(kind, "US", "teen");
    expect(teen.say).not.toMatch(/Daddy/);
  });

  it("a toddler lost in a shop is shouted for and the exits watched, not sent a text; a teenager is called and texted", () => {
    const toddler = render("missing-child", "US", "toddler");
    expect(toddler.say).toBe("Sam! Daddy's here! Shout to me!");
    expect(toddler.steps).toMatch(/tell staff now so they watch the exits/);
    expect(toddler.steps).not.toMatch(/\btext\b/);
    expect(render("missing-child", "US", "teen").steps).toMatch(/Call and text them the words above/);
  });

  it("reads the age from what Dad wrote before the profile's", () => {
    expect(ageGroupIn("my 8 month old is choking")).toBe("baby");
    expect(ageGroupIn("3 week old with a fever")).toBe("baby");
    expect(ageGroupIn("my 2yo swallowed a battery")).toBe("toddler");
    expect(ageGroupIn("15 year old took pills")).toBe("teen");
    expect(ageGroupIn("my son is choking")).toBeNull();
    const answer = safetyAnswer({ categories: "medical", kind: "choking", child: { name: "Sam", ageYears: 6 }, prompt: "the baby is 7 months old and choking" });
    expect(answer.audience).toBe("dad");
    expect(answer.text).toContain("Never abdominal thrusts under 1");
  });
});

/** Each country's numbers, written from the services' own pages (content/safety/numbers.json cites them). */
const NUMBERS: Record<Exclude<CountryCode, "other">, Partial<Record<SafetyCategory | "poisons", string[]>> & { emergency: string }> = {
  US: { emergency: "911", poisons: ["1-800-222-1222"], "self-harm": ["988"], abuse: ["1-800-422-4453"], "domestic-violence": ["1-800-799-7233"], "missing-child": ["1-800-843-5678"], "parent-crisis": ["1-855-427-2736"] },
  GB: { emergency: "999", poisons: ["111"], "self-harm": ["116 123"], abuse: ["0808 800 5000", "101"], "domestic-violence": ["0808 2000 247"], "missing-child": ["116 000"], "parent-crisis": ["0808 800 2222"] },
  IE: { emergency: "112", poisons: ["01 809 2166"], "self-harm": ["116 123"], abuse: ["1800 66 66 66"], "domestic-violence": ["1800 341 900"], "parent-crisis": ["01 873 3500"] },
  CA: { emergency: "911", poisons: ["1-844-764-7669"], "self-harm": ["988"], abuse: ["1-800-668-6868"], "missing-child": ["1-866-543-8477"], "parent-crisis": ["211"] },
  AU: { emergency: "000", poisons: ["13 11 26"], "self-harm": ["13 11 14"], abuse: ["1800 55 1800"], "domestic-violence": ["1800 737 732"], "parent-crisis": ["1300 78 99 78"] },
  NZ: { emergency: "111", poisons: ["0800 764 766"], "self-harm": ["1737"], abuse: ["0508 326 459"], "domestic-violence": ["0800 733 843"], "parent-crisis": ["0800 933 922"] },
  IN: { emergency: "112", poisons: ["1800-116-117"], "self-harm": ["14416"], abuse: ["1098"], "domestic-violence": ["181"], "missing-child": ["1098"], "parent-crisis": ["14416"] },
};
const EMERGENCY_NUMBERS = ["911", "999", "000", "111", "112"];

describe("numbers for his country", () => {
  it.each(Object.entries(NUMBERS))("%s: every answer gives its own numbers, each a dialable link, and no other country's emergency number", (country, expected) => {
    const code = country as CountryCode;
    for (const answer of content.answers) {
      const rendered = render(answer.kind, code);
      const wanted = [...(expected[answer.category] ?? []), ...(answer.kind === "poisoning" ? expected.poisons! : [])];
      for (const number of wanted) expect(rendered.text, `${country} ${answer.kind}`).toContain(number);
      if (/\{emergency\}/.test(JSON.stringify(answer.steps))) expect(rendered.text, `${country} ${answer.kind}`).toContain(expected.emergency);
      // Ireland's emergency number is '112 or 999'; the UK's NHS 111 is its own.
      const own = [...Object.values(expected).flat(), ...(code === "IE" ? ["999"] : [])];
      for (const other of EMERGENCY_NUMBERS.filter((number) => !own.includes(number))) {
        expect(rendered.text, `${country} ${answer.kind} says ${other}`).not.toMatch(new RegExp(`(?<![\\d-]|\\d )${other}(?![\\d-]| \\d)`));
      }
      for (const phone of rendered.phones) {
        expect(rendered.text).toContain(phone.display);
        expect(phone.tel).toBe(phone.display.replace(/\D/g, ""));
      }
      for (const number of wanted) expect(rendered.phones.map((phone) => phone.display)).toContain(number);
    }
  });

  it("anywhere else: 'your local emergency number (112 works in most of the world)', once, with 112 dialable", () => {
    const answer = render("choking", "other", "baby");
    expect(answer.doItems[0]).toContain("call your local emergency number (112 works in most of the world) on speaker");
    expect(answer.text.match(/112 works/g)).toHaveLength(1);
    expect(answer.phones).toEqual([{ display: "112", tel: "112" }]);
    expect(render("self-harm", "other").steps).toContain("findahelpline.com");
    for (const number of ["911", "988", "999", "000"]) expect(render("self-harm", "other").text).not.toContain(number);
  });

  it("guesses the country from the time zone", () => {
    expect(countryFromTimeZone("America/Chicago")).toBe("US");
    expect(countryFromTimeZone("America/Indiana/Indianapolis")).toBe("US");
    expect(countryFromTimeZone("Europe/London")).toBe("GB");
    expect(countryFromTimeZone("Europe/Dublin")).toBe("IE");
    expect(countryFromTimeZone("America/Toronto")).toBe("CA");
    expect(countryFromTimeZone("Australia/Sydney")).toBe("AU");
    expect(countryFromTimeZone("Pacific/Auckland")).toBe("NZ");
    expect(countryFromTimeZone("Asia/Kolkata")).toBe("IN");
    expect(countryFromTimeZone("Europe/Paris")).toBe("other");
    expect(countryFromTimeZone("UTC")).toBe("other");
    expect(COUNTRY_CODES).toHaveLength(8);
  });
});

describe("sure means sure", () => {
  it.each(["my baby is unconscious", "blood spurting", "bleeding a lot, it's spurting", "not breathing", "my son is not breathing", "my daughter is unresponsive"])(
    "'%s' is a sure emergency, with no way to wave it away",
    (prompt) => {
      const found = detectDanger(prompt);
      expect(found.categories[0]).toBe("medical");
      expect(found.sure).toBe(true);
    },
  );

  it("a story told as over is not made sure by its words", () => {
    expect(detectDanger("he was unconscious for a second last year after a fall").sure).toBe(false);
  });
});
