import { describe, expect, it } from "vitest";
import { checkAnswerFormat, INTENSITIES, TONES } from "../../../../shared/pocket-dad";
import { AGE_BANDS, answerFromPlaybook, findSituation, writeScript } from "./playbook-engine";
import { describesDanger, safetyResponse } from "./safety";
import { GENERAL_SITUATION, SITUATIONS } from "./situations";

const AGE_FOR_BAND = { "0-4": 3, "5-8": 6, "9-12": 10, "13+": 15 } as const;

describe("the Playbook", () => {
  it("has at least 40 situations with unique ids", () => {
    expect(SITUATIONS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SITUATIONS.map((s) => s.id)).size).toBe(SITUATIONS.length);
  });

  it("every script, for every tone, intensity and age band, passes the format check (with and without a child, every variation)", () => {
    let checked = 0;
    for (const situation of [...SITUATIONS, GENERAL_SITUATION]) {
      for (const tone of TONES) {
        for (const intensity of INTENSITIES) {
          for (const band of AGE_BANDS) {
            for (const variation of [0, 1, 2, 3]) {
              const children = [{ name: "Maya", ageYears: AGE_FOR_BAND[band], profileNote: "Loves dinosaurs.\nHates loud rooms" }, { ageYears: AGE_FOR_BAND[band] }];
              for (const child of children) {
                const text = writeScript(situation, { tone, intensity, child, variation });
                const result = checkAnswerFormat(text);
                if (!result.ok) throw new Error(`${situation.id}/${tone}/${intensity}/${band}: ${result.problem}\n${text}`);
                expect(result.answer.say).not.toContain("{name}");
                expect(result.answer.say).not.toMatch(/^[,\s]/);
                checked++;
              }
            }
          }
        }
      }
    }
    expect(checked).toBe((SITUATIONS.length + 1) * 3 * 3 * 4 * 4 * 2);
  });

  it("uses each age band's own line and a different line per tone and intensity", () => {
    const bedtime = SITUATIONS.find((s) => s.id === "bedtime")!;
    const says = new Set<string>();
    for (const tone of TONES) for (const intensity of INTENSITIES) {
      const result = checkAnswerFormat(writeScript(bedtime, { tone, intensity, child: { name: "Sam", ageYears: 3 } }));
      if (result.ok) says.add(result.answer.say);
    }
    expect(says.size).toBe(9);
    const teen = checkAnswerFormat(writeScript(bedtime, { tone: "direct", intensity: "baseline", child: { ageYears: 15 } }));
    expect(teen.ok && teen.answer.say).toContain(bedtime.say["13+"]);
  });

  it("personalises with the child's name, age and profile note", () => {
    const { text } = answerFromPlaybook({ prompt: "won't go to bed", tone: "gentle", intensity: "baseline", child: { name: "Maya", ageYears: 6, profileNote: "Gets anxious at night" } });
    const result = checkAnswerFormat(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.answer.say.startsWith("Maya, ")).toBe(true);
    expect(result.answer.doItems).toContain("Keep in mind what you know about Maya: Gets anxious at night.");
    expect(result.answer.why).toContain("At 6,");
  });

  it("does not repeat the same words when asked again", () => {
    const request = { prompt: "my son lied to me", tone: "direct", intensity: "baseline", child: { name: "Leo", ageYears: 9 } } as const;
    const first = answerFromPlaybook({ ...request, variation: 0 }).text;
    const second = answerFromPlaybook({ ...request, variation: 1 }).text;
    expect(second).not.toBe(first);
    const [a, b] = [checkAnswerFormat(first), checkAnswerFormat(second)];
    expect(a.ok && b.ok && a.answer.say !== b.answer.say && a.answer.why !== b.answer.why).toBe(true);
  });

  it("falls back to a general script when nothing matches", () => {
    expect(findSituation("qwerty zxcv")).toBe(GENERAL_SITUATION);
  });
});

describe("relevance", () => {
  it.each([
    ["My 4 year old keeps getting out of bed every night", "bedtime"],
    ["She stalls at bedtime asking for water and one more story", "bedtime"],
    ["He's screaming on the floor of the grocery store", "tantrum"],
    ["total meltdown because I cut his sandwich wrong", "tantrum"],
    ["the kids are fighting over the remote again", "sibling-fight"],
    ["my daughter keeps hitting her little brother", "hitting"],
    ["He bit another kid at daycare", "hitting"],
    ["I caught her lying about brushing her teeth", "lying"],
    ["He won't get off the xbox", "screens"],
    ["meltdown every time the ipad goes off", "screens"],
    ["she refuses to do her math homework", "homework"],
    ["He cried and threw the board game when he lost", "losing-a-game"],
    ["some kids at school are picking on him and calling him names", "bullied"],
    ["the school called, my son is being mean to a classmate and excluding her", "bullying-others"],
    ["our dog died this morning, how do I tell my daughter", "pet-died"],
    ["she asked why mom and I are getting a divorce", "divorce"],
    ["he rolls his eyes and talks back every time I ask something", "back-talk"],
    ["my 11 year old wants a smartphone, everyone has one", "first-phone"],
    ["he won't eat any vegetables at dinner", "picky-eating"],
    ["I have to tell him ten times and he ignores me", "not-listening"],
    ["his room is a mess and he won't clean it", "chores"],
    ["we are always late for school in the morning, she won't get dressed", "morning-rush"],
    ["constant whining about everything", "whining"],
    ["she's scared of monsters under the bed", "nightmares"],
    ["since the new baby arrived he's jealous and acting out", "new-sibling"],
    ["she wasn't invited to the party and feels left out", "friend-trouble"],
    ["found candy in his pocket he took from the store", "stealing"],
    ["he said the f word at school", "swearing"],
    ["won't share toys at playdates", "sharing"],
    ["grandma died last week and he asks if she's coming back", "grief"],
    ["we're moving to a new city and she is sad about leaving friends", "moving"],
    ["crying at kindergarten drop off", "first-day"],
    ["he wants to quit the soccer team mid season", "quitting-a-team"],
    ["she failed her science test", "bad-grade"],
    ["my 14 year old has a girlfriend", "crush"],
    ["came home two hours after curfew and didn't answer his phone", "curfew"],
    ["she wants tiktok and instagram", "social-media"],
    ["he begs for every toy at the store and wants more allowance", "money"],
    ["she said she's fat and ugly", "body-image"],
    ["how do I explain puberty and body changes", "puberty"],
    ["found a vape in his backpack", "vaping-drugs"],
    ["terrified of getting shots at the doctor", "doctor"],
    ["still wetting the bed at 6", "potty"],
    ["I yelled at my son and I feel terrible, how do I apologize", "dad-lost-temper"],
    ["she is anxious and worried all the time, tummy aches", "worry"],
    ["he screamed I hate you and slammed the door", "i-hate-you"],
    ["she hides behind me and won't say hello to relatives", "shyness"],
  ])("%s -> %s", (prompt, expected) => {
    expect(findSituation(prompt).id).toBe(expected);
  });
});

describe("safety", () => {
  it.each([
    "my son said he wants to kill himself",
    "I think my daughter is cutting herself",
    "she's been talking about suicide",
    "he said he wants to die",
    "I found out her coach has been abusing her",
    "my daughter says her uncle touched her inappropriately",
    "my toddler swallowed pills from the cabinet",
    "he's not breathing",
    "she's having a seizure",
    "my son is unconscious after falling",
    "baby is choking",
    "he threatened to shoot kids at school",
    "she came home with bruises from her stepdad",
  ])("'%s' gets the safety response", (prompt) => {
    expect(describesDanger(prompt)).toBe(true);
  });

  it.each(["my son hits his sister", "bedtime is a war", "he said I hate you", "the dog died", "she's dying to go to the party"])("'%s' is not flagged", (prompt) => {
    expect(describesDanger(prompt)).toBe(false);
  });

  it("the safety response has the numbers and passes the format check", () => {
    const text = safetyResponse();
    expect(checkAnswerFormat(text).ok).toBe(true);
    for (const number of ["911", "988", "1-800-422-4453"]) expect(text).toContain(number);
  });
});
