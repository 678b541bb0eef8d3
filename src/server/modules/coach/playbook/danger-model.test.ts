import path from "node:path";
import { describe, expect, it } from "vitest";
import { importedSpecifiers } from "../../../../../tests/support/import-graph";
import { dangerTrainingSets } from "../eval/eval-sets";
import { detectDanger, matchRules } from "./danger";
import { dangerMeaning } from "./danger-meaning";
import { dangerModel } from "./danger-model";
import committed from "./danger-model.json";
import { modelDigest, sliceDigest, TRAINING_CODE } from "./danger-model.training";
import committedMeaning from "./danger-meaning.json";
import { meaningDigest } from "./danger-meaning.training";

describe("the learned danger model", () => {
  it("ships the weights trained on the labelled sets and the training code as they are (run `npm run train:danger` after changing either)", () => {
    expect(modelDigest(dangerTrainingSets())).toBe(committed.trainedOn);
  });

  it("trains deterministically: a fixed slice of the sets gives the weights it gave when the shipped ones were trained", () => {
    expect(sliceDigest(dangerTrainingSets())).toBe(committed.sliceDigest);
  });

  it("digests all the code that decides the weights: every project file the training code imports", () => {
    // The shared Pocket Dad types only name the categories; the JSON is the weights themselves.
    const decidesNoWeight = ["../../../../shared/pocket-dad", "./danger-model.json"];
    const imported = TRAINING_CODE.flatMap((file) => importedSpecifiers(path.join(import.meta.dirname, file))).filter((specifier) => specifier.startsWith("."));
    const digested = TRAINING_CODE.map((file) => `./${file.replace(/\.ts$/, "")}`);
    expect(imported.filter((specifier) => !digested.includes(specifier) && !decidesNoWeight.includes(specifier))).toEqual([]);
  });

  it("ships a reading of meaning trained on the same sets and word vectors (run `npm run train:danger` after changing either)", () => {
    expect(committedMeaning.trainedOn).toBe(meaningDigest(dangerTrainingSets()));
  });

  // Wordings no rule knows: the reading of meaning alone finds them.
  it.each([
    ["hes gone all stiff and his eyes are rolling back and his arms are jerking", "medical"],
    ["found her in the shed with little blue pellets in her mouth", "poisoning"],
    ["went on the family ipad and his search history is how many paracetamol is too many", "self-harm"],
  ])("finds danger in '%s' (%s) that the rules miss", (message, category) => {
    expect(matchRules(message)).toEqual([]);
    expect(detectDanger(message).categories).toEqual([category]);
  });

  // Written for this test in new words: each was a note or nothing before the clauses were read for who and when.
  it.each([
    ["my 16 year old went out at 8 and its 3am now, not answering", "missing-child"],
    ["son hasnt been home since thursday, took his passport and cash", "missing-child"],
    ["the boy next door aimed a real rifle at my son over the hedge", "weapons"],
  ])("gives the full safety answer to '%s' (%s)", (message, category) => {
    expect(detectDanger(message)).toEqual({ categories: [category], sure: true });
  });

  // One sentence has no story around it to make a high score a past scare or a worry: sure at a lower score.
  it("gives a plain emergency told in one sentence the full safety answer", () => {
    expect(detectDanger("a boy from my sons class sent a picture with a gun saying tomorrow is the day")).toEqual({ categories: ["weapons"], sure: true });
  });

  it("finds a child left alone on a platform when the train doors closed", () => {
    expect(detectDanger("the kids got separated from me on the metro, the doors closed and my 7 year old is on the platform alone").categories).toEqual(["missing-child"]);
  });

  it("is sure when the rules and the model agree", () => {
    expect(detectDanger("my kid isnt breathing what do i do")).toEqual({ categories: ["medical"], sure: true });
    expect(detectDanger("She swallowed a bottle of pills and is not waking up")).toMatchObject({ categories: ["poisoning", "medical"], sure: true });
  });

  it("sets aside a rule match the model all but rules out: a figure of speech, a story told as over", () => {
    const message = "my son nearly drowned 2 yrs ago and wont go near the pool now how do i help him get past it";
    expect(matchRules(message)).not.toEqual([]);
    expect(detectDanger(message)).toEqual({ categories: [], sure: false });
  });

  describe("a long message about something else, with one sentence of danger in it", () => {
    // The preamble tells of a move that "went fine in the end": told as over, it also quiets the rules' resolvable matches.
    const about = (sentence: string) =>
      "we moved house last month, new town, new school, and it all went fine in the end, the removal men were great and the kids have their own rooms now. " +
      "my eldest has joined the football team and loves it, my wife has started her new job and the commute is ok. the garden needs work but thats a summer job. " +
      `${sentence} also how do i get them to make friends faster`;

    it.each([
      ["self-harm", "tonight my 13 year old showed me her arm, she cut deeper this time and one is still bleeding a lot and she says she wants to be dead."],
      ["poisoning", "tonight my 3 year old drank the bleach while i was doing the toilet, his lips are red and he is retching."],
      ["domestic-violence", "tonight my partner had his hands round my throat in front of the kids and says he will finish it when they are asleep."],
    ])("finds %s in its one sentence, read alone: the sentence, not the paragraph, is what counts", (category, sentence) => {
      const message = about(sentence);
      const reading = dangerMeaning.read(message);
      expect(reading.unit).not.toBe(message);
      expect(reading.unit).toContain(sentence.slice(0, 40));
      expect(detectDanger(message).categories).toEqual([category]);
    });

    it("leaves the same paragraph alone when the sentence is an everyday one, or an injury told as healed", () => {
      expect(detectDanger(about("tonight my 13 year old showed me her new haircut and she says she wants to dye it blue."))).toEqual({ categories: [], sure: false });
      expect(detectDanger(about("last summer my son cut his hand on a kitchen knife helping with dinner, three stitches, all healed now and hes proud of the scar."))).toEqual({ categories: [], sure: false });
    });
  });

  describe("an emergency in the fewest words a frightened father types", () => {
    // New wording, none of it from a training message or a measured round.
    it.each([
      ["domestic-violence", "hes choking her in the kitchen, kids watching"],
      ["domestic-violence", "uncle is strangling my dad in the yard"],
      ["medical", "our 8 week old grunting and wont take the bottle"],
      ["missing-child", "11pm and my 14 yr old still not back from town, no reply"],
    ])("is sure: the safety answer for %s ('%s')", (category, message) => {
      expect(detectDanger(message)).toEqual({ categories: [category], sure: true });
    });

    it("is not sure when the same is told as over", () => {
      expect(detectDanger("my 2 month old was floppy and wouldnt feed last year with a bug, shes fine now, how do i stop worrying").sure).toBe(false);
      expect(detectDanger("son 12 wasnt home till 1am last week, his phone was off, he came back fine and is grounded").sure).toBe(false);
    });
  });

  it.each(["", "   ", "\u0000\u0000", "🙂🙂🙂", "a".repeat(10_000), "ñoño über café", "<script>alert(1)</script>"])("scores odd input without throwing (%#)", (message) => {
    const score = dangerModel.score(message);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(1);
  });
});
