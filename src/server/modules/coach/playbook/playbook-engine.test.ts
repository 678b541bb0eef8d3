import { describe, expect, it } from "vitest";
import { checkAnswerFormat, DANGER_CATEGORIES, INTENSITIES, TONES, VARIANTS } from "../../../../shared/pocket-dad";
import { everyAnswerSetting } from "../../../../../tests/support/answer-settings";
import { answerFromPlaybook, findSituation, GENERAL_SITUATION, PLAYFUL_ONLY_PHRASES, SITUATIONS, withMumAsDadSaysIt, writeScript } from "./playbook-engine";
import { classifyDanger, detectDanger } from "./danger";
import { NUMBERS, safetyResponse } from "./safety";

const AGE_FOR_BAND = { "0-4": 3, "5-8": 6, "9-12": 10, "13+": 15 } as const;

describe("the Playbook", () => {
  it("has at least 40 situations with unique ids", () => {
    expect(SITUATIONS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SITUATIONS.map((s) => s.id)).size).toBe(SITUATIONS.length);
  });

  it("every script, for every tone, intensity, age band and variant, passes the format check (with and without a child, every variation)", () => {
    let checked = 0;
    const problems: string[] = [];
    for (const situation of [...SITUATIONS, GENERAL_SITUATION]) {
      for (const { tone, intensity, band, variant, variation } of everyAnswerSetting()) {
        const children = [{ name: "Maya", ageYears: AGE_FOR_BAND[band], profileNote: "Loves dinosaurs.\nHates loud rooms" }, { ageYears: AGE_FOR_BAND[band] }];
        for (const child of children) {
          const text = writeScript(situation, { tone, intensity, child, variation, variant });
          const result = checkAnswerFormat(text);
          // Plain checks, one expect for the whole loop: 160,000 expects took 37 of the test's 40 s.
          const problem = !result.ok
            ? result.problem
            : result.answer.say.includes("{name}")
              ? "the line still says {name}"
              : /^[,\s]/.test(result.answer.say)
                ? "the line starts with a comma or a space"
                : variant === "shorter" && result.answer.doItems.length !== 2
                  ? `the shorter answer has ${result.answer.doItems.length} steps, not 2`
                  : variant === "shorter" && result.answer.say.split(/(?<=[.!?])\s+/).length !== 1
                    ? "the shorter answer's line is more than one sentence"
                    : null;
          if (problem) problems.push(`${situation.id}/${tone}/${intensity}/${band}/${variant}/${variation}: ${problem}\n${text}`);
          checked++;
        }
      }
    }
    expect(problems.slice(0, 3)).toEqual([]);
    expect(checked).toBe((SITUATIONS.length + 1) * 3 * 3 * 4 * 3 * 4 * 2);
  });

  it("has the new situations fathers bring, each with its own line for every age band", () => {
    const ids = ["death-in-family", "grandparent-hospice", "serious-diagnosis", "parent-deployed", "parent-leaving", "money-worries", "new-partner", "friend-betrayal", "online-safety", "friend-moving-away"];
    for (const id of ids) {
      const situation = SITUATIONS.find((s) => s.id === id);
      expect(situation, id).toBeDefined();
      expect(new Set(Object.values(situation!.say)).size).toBe(4);
      expect(situation!.sensitive).toBe(true);
    }
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

  it("personalises with the child's name, age and profile note, without pasting the note back", () => {
    const { text } = answerFromPlaybook({ prompt: "won't go to bed", tone: "gentle", intensity: "baseline", child: { name: "Maya", ageYears: 6, profileNote: "Gets anxious at night" } });
    const result = checkAnswerFormat(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.answer.say.startsWith("Maya, ")).toBe(true);
    expect(result.answer.doItems).toContain("Maya worries more than most, so say what will happen next before it happens.");
    expect(text).not.toContain("Gets anxious at night");
    expect(text).not.toContain("Keep in mind what you know");
    expect(result.answer.why).toContain("At 6,");
  });

  it.each([
    ["Sofia Rose", "Loves horses and drawing; hates being rushed in the morning. Her grandpa died last spring.", /few minutes' warning/],
    ["Leo", "Very shy with new kids, takes a while to open up", /warms up slowly/],
    ["Ava", "Strong-willed, will argue every point", /offer two choices/],
    ["Sam", "Autistic, loud places overwhelm him", /quieter spot/],
    ["Noah", "Obsessed with dinosaurs", /Use dinosaurs as your way in/],
    ["Mia", "Born in March. Allergic to cats.", /Lead with what usually helps Mia settle/],
  ])("the profile note of %s shapes the answer and is never echoed", (name, profileNote, expected) => {
    for (const situation of SITUATIONS) {
      for (const variant of VARIANTS) {
        const text = writeScript(situation, { tone: "direct", intensity: "baseline", child: { name, ageYears: 7, profileNote }, variant });
        expect(text).not.toContain(profileNote);
        const noteWords = profileNote.toLowerCase().split(/\s+/);
        for (let i = 0; i + 5 <= noteWords.length; i++) expect(text.toLowerCase()).not.toContain(noteWords.slice(i, i + 5).join(" "));
        if (variant !== "shorter") expect(text).toMatch(expected);
      }
    }
  });

  it("chooses the steps that suit the child: a worried child gets the calm, warn-ahead steps first", () => {
    const bedtime = SITUATIONS.find((s) => s.id === "bedtime")!;
    const without = checkAnswerFormat(writeScript(bedtime, { tone: "direct", intensity: "baseline", child: { name: "Maya", ageYears: 6 }, variation: 1 }));
    const anxious = checkAnswerFormat(writeScript(bedtime, { tone: "direct", intensity: "baseline", child: { name: "Maya", ageYears: 6, profileNote: "anxious about the dark" }, variation: 1 }));
    expect(without.ok && anxious.ok).toBe(true);
    if (!without.ok || !anxious.ok) return;
    expect(anxious.answer.doItems[0]).toMatch(/calm|quiet|routine|before/i);
    expect(anxious.answer.doItems.slice(0, 2)).not.toEqual(without.answer.doItems.slice(0, 2));
  });

  it("does not repeat the same words when asked again", () => {
    const request = { prompt: "my son lied to me", tone: "direct", intensity: "baseline", child: { name: "Leo", ageYears: 9 } } as const;
    const first = answerFromPlaybook({ ...request, variation: 0 }).text;
    const second = answerFromPlaybook({ ...request, variation: 1 }).text;
    expect(second).not.toBe(first);
    const [a, b] = [checkAnswerFormat(first), checkAnswerFormat(second)];
    expect(a.ok && b.ok && a.answer.say !== b.answer.say && a.answer.why !== b.answer.why).toBe(true);
  });

  it("falls back to an honest general answer when nothing fits well enough: listen, name the feeling, one next step", () => {
    expect(findSituation("qwerty zxcv")).toBe(GENERAL_SITUATION);
    for (const prompt of ["how do I teach my son to tie his shoelaces", "what should we do this weekend", "she is obsessed with taylor swift"]) {
      const answer = answerFromPlaybook({ prompt, tone: "direct", intensity: "baseline", child: { name: "Leo", ageYears: 8 } });
      expect(answer.kind, prompt).toBe("general");
      expect(answer.note).toBe("Pocket Dad has no script for exactly this, so here's a general way to talk it through.");
      expect(answer.funnierAllowed).toBe(false);
      const result = checkAnswerFormat(answer.text);
      // Besides a step about the thing Dad named, when he named one ('his shoelaces').
      const steps = result.ok ? result.answer.doItems.filter((item) => !item.startsWith("Ask what matters most to Leo about")) : [];
      expect(steps).toEqual([expect.stringMatching(/^Listen first/), expect.stringMatching(/^Name the feeling/), expect.stringMatching(/one small next step/)]);
    }
    expect(answerFromPlaybook({ prompt: "how do I teach my son to tie his shoelaces", tone: "direct", intensity: "baseline", child: { name: "Leo", ageYears: 8 } }).text).toContain(
      "Ask what matters most to Leo about his shoelaces",
    );
  });
});

describe("tone for the moment", () => {
  const sensitive = SITUATIONS.filter((s) => s.sensitive);

  it("marks grief, illness, divorce, moving and the new hard moments as sensitive", () => {
    for (const id of ["grief", "pet-died", "divorce", "moving", "doctor", "death-in-family", "grandparent-hospice", "serious-diagnosis", "friend-moving-away"]) {
      expect(sensitive.map((s) => s.id)).toContain(id);
    }
    for (const id of ["bedtime", "screens", "chores", "sibling-fight"]) expect(sensitive.map((s) => s.id)).not.toContain(id);
  });

  it("no sensitive situation, in any tone, intensity, age band or variant, has a playful-only phrase", () => {
    let checked = 0;
    for (const situation of [...sensitive, GENERAL_SITUATION]) {
      for (const { tone, intensity, band, variant, variation } of everyAnswerSetting([0, 1])) {
        const text = writeScript(situation, { tone, intensity, child: { name: "Maya", ageYears: AGE_FOR_BAND[band] }, variant, variation });
        for (const phrase of PLAYFUL_ONLY_PHRASES) if (text.includes(phrase)) throw new Error(`${situation.id}/${tone}/${intensity}/${band}/${variant}: '${phrase}'\n${text}`);
        checked++;
      }
    }
    expect(checked).toBe((sensitive.length + 1) * 3 * 3 * 4 * 3 * 2);
    expect(PLAYFUL_ONLY_PHRASES).toContain("captain's orders: we tackle this together.");
    expect(PLAYFUL_ONLY_PHRASES).toContain("Keep it light; a silly voice can lower the temperature.");
  });

  it("Playful on a grief moment softens to warm and light and says so; on an ordinary moment it stays playful", () => {
    const grief = answerFromPlaybook({ prompt: "grandma died last week and he asks if she's coming back", tone: "playful", intensity: "baseline", child: { name: "Leo", ageYears: 6 } });
    expect(grief).toMatchObject({ sensitive: true, note: "Kept this one gentle.", funnierAllowed: false, funnierReason: "a hard moment needs warmth, not jokes." });
    expect(grief.text).toMatch(/cozy|walk with me/);
    const bedtime = answerFromPlaybook({ prompt: "she won't go to bed", tone: "playful", intensity: "baseline", child: { name: "Leo", ageYears: 6 } });
    expect(bedtime).toMatchObject({ sensitive: false, note: null, funnierAllowed: true, funnierReason: null });
    expect(PLAYFUL_ONLY_PHRASES.some((phrase) => bedtime.text.includes(phrase))).toBe(true);
  });

  it("a sensitive word makes any matched situation gentle ('since grandpa died he won't go to bed')", () => {
    const answer = answerFromPlaybook({ prompt: "since grandpa died he won't go to bed", tone: "playful", intensity: "firmer" });
    expect(answer.sensitive).toBe(true);
    expect(PLAYFUL_ONLY_PHRASES.some((phrase) => answer.text.includes(phrase))).toBe(false);
  });
});

describe("about his family", () => {
  it("a script about a grandparent uses the word Dad used", () => {
    const answer = answerFromPlaybook({ prompt: "last visit to nana in hospice, how do I prepare my 7 year old", tone: "gentle", intensity: "baseline", child: { name: "Leo", ageYears: 7 } });
    expect(answer.situation.id).toBe("grandparent-hospice");
    expect(answer.text).toContain("Nana is very sick");
    expect(answer.text).not.toMatch(/Grandpa|Grandma/);
  });

  it("a grandparent with dementia is named with the family's word, and never 'she' for a grandad", () => {
    const grandad = answerFromPlaybook({ prompt: "grandad has dementia now and my 7 year old is confused", tone: "gentle", intensity: "baseline" });
    expect(grandad.situation.id).toBe("grandparent-dementia");
    const say = grandad.text.split("\n")[0];
    expect(say).toContain("Grandad has an illness called dementia");
    expect(say).not.toMatch(/\b(?:she|her)\b/);
    const nana = answerFromPlaybook({ prompt: "nana has dementia and my 3 year old doesnt understand", tone: "gentle", intensity: "baseline" });
    expect(nana.text).toContain("Nana's brain is poorly");
  });
});

describe("moments fathers ask about, each answered by its own situation and in its own words", () => {
  it.each([
    ["is it mad to pull my 11 year old out of school and teach him myself", "homeschooling", /learning at home|home/i],
    ["my 5 year old constantly interrupts when i'm talking to other adults", "interrupting", /wait/],
    ["my daughter sleepwalked into our room last night and didn't remember", "sleepwalking", /sleepwalking|sleep/],
    ["my 9 year old grinds her teeth, is that normal", "teeth-grinding", /grinding/],
    ["my 16 year old wants to defer uni and travel for a year", "after-school-plans", /gap year/],
    ["my 11yo wants to build a website, how do i help", "learning-to-code", /code|coding/],
    ["toddler hates having her hair washed", "bath-time", /[Bb]ath/],
    ["getting the house ready now our daughter is crawling", "baby-proofing", /safe/],
    ["we want to have regular family meetings, how do we start", "family-meeting", /family meeting/],
    ["my toddler's favourite word is no", "saying-no", /\bno\b/],
    ["my stepson tells me i'm not his real dad", "step-parent-bonding", /your stepson|not your dad/],
    ["when do babies start eating proper food", "starting-solids", /taste|food/],
    ["my 15 year old wants to move out and live with her mum", "living-with-other-parent", /live with|move in with/],
    ["relocating to new zealand, how do i tell my 6 and 9 year old", "moving", /[Mm]oving|the move/],
    ["he's 7 and forgets everything I tell him", "losing-things", /system|checklist|spot/],
  ])("'%s' -> %s", (prompt, id, said) => {
    const answer = answerFromPlaybook({ prompt, tone: "gentle", intensity: "baseline" });
    expect(answer.situation.id).toBe(id);
    expect(answer.text).toMatch(said);
  });

  it("a move abroad is the move, not a family trip, and the line says so", () => {
    const answer = answerFromPlaybook({ prompt: "we're emigrating next spring and my 10 year old is in bits about it", tone: "gentle", intensity: "baseline" });
    expect(answer.situation.id).toBe("moving");
    expect(answer.text).toContain("the move abroad");
  });

  it("a teen on the phone all night is the phone at night, not a curfew", () => {
    expect(findSituation("my 15 year old is on her phone all night and can't get up")).toMatchObject({ id: "phone-at-night" });
  });
});

describe("Mum or Mom", () => {
  it("is written as Dad spells it, and left as written when he uses both or neither", () => {
    expect(withMumAsDadSaysIt("Nobody is replacing Mom. Mommy loves you, and so does your mom.", "her mum passed away")).toBe("Nobody is replacing Mum. Mummy loves you, and so does your mum.");
    expect(withMumAsDadSaysIt("You're going to Mum's house. Mummy will call.", "he won't go to his moms")).toBe("You're going to Mom's house. Mommy will call.");
    expect(withMumAsDadSaysIt("A moment with Mum.", "my mom and my mum-in-law")).toBe("A moment with Mum.");
    expect(withMumAsDadSaysIt("A moment with Mom.", "she won't go to bed")).toBe("A moment with Mom.");
  });
});

describe("the thing Dad named", () => {
  // New wording, for moments the Playbook had no situation or no words for: the answer is about the thing itself.
  it.each([
    ["my 3 year old will not let go of his dummy at bedtime", "giving-up-dummy", /the dummy/],
    ["my 6 year old is up at 5am every morning and wakes the whole house", "early-waking", /clock/],
    ["she broke her wrist and has to miss gymnastics until after christmas", "injury-sitting-out", /gymnastics/],
    ["my 16 year old has her highers soon and cant sleep for worrying", "exams", /the Highers/],
    ["the twins bicker every night over who gets the top bunk", "sibling-fight", /the top bunk/],
    ["my 7 year old keeps begging me to let her get pierced ears", "tattoo-piercing", /pierced ears/],
    ["my 11 year old asks every day if he can walk home from school without me", "going-out-alone", /the walk home/],
    ["how do i help my 6 year old grieve for his nan", "grief", /sad about Nan/],
    ["my 10 year old has had three detentions this week for messing about in class", "teacher-report", /the detention/],
    ["the grandparents let them stay up till midnight and spoil them rotten", "grandparents-rules", /spoil/],
  ])("'%s' -> %s, naming it", (prompt, id, named) => {
    const answer = answerFromPlaybook({ prompt, tone: "gentle", intensity: "baseline" });
    expect(answer.situation.id).toBe(id);
    expect(answer.text).toMatch(named);
  });
});

describe("what Dad's message is about, when the situation's lines do not name it", () => {
  // Things no situation's lines foresee: one step names the thing in Dad's words, whichever situation answers.
  it.each([
    ["my daughter is 12 and the girls at swimming tease her about her birthmark", /about her birthmark/],
    ["my son is 15 and wants to open a car washing business with his mate", /about the car washing business/],
    ["my 8 year old is sulking because we sold the campervan", /about the campervan/],
  ])("'%s' gets a step about it", (prompt, named) => {
    const answer = answerFromPlaybook({ prompt, tone: "gentle", intensity: "baseline" });
    const result = checkAnswerFormat(answer.text);
    expect(result.ok && result.answer.doItems.some((item) => named.test(item))).toBe(true);
  });

  it("a line that already names the thing gets no second step about it, and a child's profile note still fits in four steps", () => {
    const telly = answerFromPlaybook({ prompt: "my 5 year old screams when i turn the telly off", tone: "gentle", intensity: "baseline" });
    expect(telly.text.match(/telly/gi)?.length).toBeLessThanOrEqual(2);
    expect(telly.text).not.toMatch(/Ask what .* about the telly/);
    const noted = answerFromPlaybook({ prompt: "my son is 15 and wants to open a car washing business with his mate", tone: "gentle", intensity: "baseline", child: { name: "Ola", profileNote: "shy, keeps things in" } });
    const result = checkAnswerFormat(noted.text);
    const steps = result.ok ? result.answer.doItems : [];
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps.length).toBeLessThanOrEqual(4);
    expect(steps.join(" ")).toMatch(/car washing business/);
    expect(steps.join(" ")).toMatch(/Ola warms up slowly/);
  });
});

describe("variants", () => {
  it("Funnier adds a light line and a fun step to an ordinary moment", () => {
    const standard = answerFromPlaybook({ prompt: "he won't clean his room", tone: "direct", intensity: "baseline", child: { name: "Leo", ageYears: 7 } });
    const funnier = answerFromPlaybook({ prompt: "he won't clean his room", tone: "direct", intensity: "baseline", child: { name: "Leo", ageYears: 7 }, variant: "funnier" });
    expect(funnier.text).not.toBe(standard.text);
    expect(funnier.text).toMatch(/chicken dance|sloth/);
    expect(funnier.text).toContain("Turn the next step into a race or a silly challenge");
    expect(funnier.funnierAllowed).toBe(true);
  });

  it("Funnier is refused for a sensitive moment: the gentle standard answer, with the reason", () => {
    const request = { prompt: "our dog died this morning, how do I tell my daughter", tone: "direct", intensity: "baseline", child: { name: "Maya", ageYears: 5 } } as const;
    const funnier = answerFromPlaybook({ ...request, variant: "funnier" });
    expect(funnier.text).toBe(answerFromPlaybook(request).text);
    expect(funnier).toMatchObject({ funnierAllowed: false, funnierReason: "a hard moment needs warmth, not jokes.", note: "Kept this one gentle." });
  });

  it("Shorter is one sentence to say and exactly two steps", () => {
    const shorter = answerFromPlaybook({ prompt: "bedtime is a war", tone: "gentle", intensity: "firmer", child: { name: "Maya", ageYears: 10 }, variant: "shorter" });
    const result = checkAnswerFormat(shorter.text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.answer.say).toBe("Maya, lights out at the time we agreed.");
    expect(result.answer.doItems).toHaveLength(2);
    expect(result.answer.why.split("\n")).toHaveLength(1);
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
    ["grandma died last week and he asks if she's coming back", "death-in-family"],
    ["we're moving to a new city and she is sad about leaving friends", "moving"],
    ["last visit to grandma in hospice, how do I prepare my 7 year old", "grandparent-hospice"],
    ["my wife was just diagnosed with cancer, how do we tell the kids", "serious-diagnosis"],
    ["I'm deploying for nine months and my son is upset", "parent-deployed"],
    ["her mom walked out and isn't coming back", "parent-leaving"],
    ["I got laid off and we can't afford the school trip", "money-worries"],
    ["how do I introduce my new girlfriend to my kids", "new-partner"],
    ["her best friend told everyone her secret", "friend-betrayal"],
    ["how do I talk to him about staying safe online in roblox chats", "online-safety"],
    ["his best friend is moving to another state", "friend-moving-away"],
    ["my brother died in a car accident, how do I tell my daughter", "death-in-family"],
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
    ["still wetting the bed at 6", "bedwetting"],
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
    expect(classifyDanger(prompt).danger).toBe(true);
  });

  it.each(["my son hits his sister", "bedtime is a war", "he said I hate you", "the dog died", "she's dying to go to the party"])("'%s' is not flagged", (prompt) => {
    expect(classifyDanger(prompt).danger).toBe(false);
  });

  const EXPECTED: Record<string, string[]> = {
    medical: [NUMBERS.emergency],
    poisoning: [NUMBERS.emergency, NUMBERS.poisonControl],
    "self-harm": [NUMBERS.crisisLifeline, NUMBERS.emergency],
    abuse: [NUMBERS.childhelp, NUMBERS.emergency],
    "domestic-violence": [NUMBERS.domesticViolence, NUMBERS.emergency],
    "missing-child": [NUMBERS.emergency],
    weapons: [NUMBERS.emergency],
  };
  it.each(DANGER_CATEGORIES.map((category) => [category]))("the %s safety answer has its numbers, leads with what to call, and passes the format check", (category) => {
    const text = safetyResponse(category, { name: "Maya" });
    const result = checkAnswerFormat(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const number of EXPECTED[category]) expect(text).toContain(number);
    expect(result.answer.doItems[0]).toMatch(/call (911|Poison Control)/i);
    if (category !== "self-harm" && category !== "abuse" && category !== "domestic-violence") expect(result.answer.doItems[0]).toContain("911");
    // 'Say this' is what to say to the child, not a slogan or a phone number.
    expect(result.answer.say).toMatch(/^Maya, /);
    expect(result.answer.say).not.toMatch(/\d{3}/);
  });

  it("a message with two dangers gets the second one's number too", () => {
    const text = safetyResponse(["abuse", "domestic-violence"]);
    expect(checkAnswerFormat(text).ok).toBe(true);
    expect(text).toContain(NUMBERS.childhelp);
    expect(text).toContain(NUMBERS.domesticViolence);
  });

  it("the issue's failures now get the right safety answer", () => {
    expect(safetyResponse(["poisoning", "medical"])).toContain(NUMBERS.poisonControl);
    for (const [prompt, number] of [
      ["She swallowed a bottle of pills and is not waking up", NUMBERS.poisonControl],
      ["My husband hits our son and I'm scared for his safety", NUMBERS.childhelp],
      ["my kid isnt breathing what do i do", NUMBERS.emergency],
    ]) {
      expect(classifyDanger(prompt).danger).toBe(true);
      expect(safetyResponse(detectDanger(prompt).categories)).toContain(number);
    }
  });
});
