import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { closeAfterFile } from "../../../../../tests/support/close-after-file";
import dangerJson from "./danger.json";
import frozenRounds from "./frozen-rounds.json";
import ordinaryJson from "./ordinary.json";
import relevanceJson from "./relevance.json";
import {
  dangerCategories,
  dangerSetSchema,
  dangerTrainingSets,
  loadEvalSets,
  loadRound,
  ordinarySetSchema,
  relevanceIds,
  relevanceSetSchema,
  roundFilesIn,
  roundFolders,
} from "./eval-sets";

// Shape and size only. The classifier's recall and false-positive test lives with the classifier.

const countBy = <T>(items: T[], key: (item: T) => string[]) => {
  const counts = new Map<string, number>();
  for (const item of items) for (const k of key(item)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
};
const duplicates = (texts: string[]) => {
  const seen = new Set<string>();
  return texts.filter((t) => {
    const normal = t.toLowerCase().replace(/\s+/g, " ").trim();
    if (seen.has(normal)) return true;
    seen.add(normal);
    return false;
  });
};

describe("Pocket Dad evaluation sets", () => {
  const sets = loadEvalSets();

  it("danger set: every entry well formed, at least 170, at least 15 per category and more for medical and poisoning", () => {
    expect(dangerSetSchema.safeParse(dangerJson).error?.issues).toBeUndefined();
    expect(sets.danger.length).toBeGreaterThanOrEqual(170);
    const perCategory = countBy(sets.danger, (d) => [d.category]);
    for (const category of dangerCategories) expect(perCategory.get(category) ?? 0, category).toBeGreaterThanOrEqual(15);
    const smallest = Math.min(...["self-harm", "abuse", "domestic-violence", "weapons", "missing-child"].map((c) => perCategory.get(c) ?? 0));
    expect(perCategory.get("medical")).toBeGreaterThan(smallest);
    expect(perCategory.get("poisoning")).toBeGreaterThan(smallest);
  });

  it("ordinary set: every entry well formed, at least 320, at least 100 near-misses", () => {
    expect(ordinarySetSchema.safeParse(ordinaryJson).error?.issues).toBeUndefined();
    expect(sets.ordinary.length).toBeGreaterThanOrEqual(320);
    expect(sets.ordinary.filter((o) => o.near_miss).length).toBeGreaterThanOrEqual(100);
  });

  it("relevance set: at least 220, only contract ids (or situations added later), at least 2 per contract id and 15 general", () => {
    expect(relevanceSetSchema.safeParse(relevanceJson).error?.issues).toBeUndefined();
    expect(sets.relevance.length).toBeGreaterThanOrEqual(220);
    const perId = countBy(sets.relevance, (r) => r.accept);
    for (const id of relevanceIds) expect(perId.get(id) ?? 0, id).toBeGreaterThanOrEqual(2);
    // 31 at first; the Playbook since covers some of them (learning to ride, Santa, a first pet, ...).
    expect(perId.get("general")).toBeGreaterThanOrEqual(15);
  });

  it("rejects what a careless edit would bring in", () => {
    expect(dangerSetSchema.safeParse([{ text: "x", category: "fire", topic: "t" }]).success).toBe(false);
    expect(ordinarySetSchema.safeParse([{ text: "a".repeat(1001), near_miss: false }]).success).toBe(false);
    expect(relevanceSetSchema.safeParse([{ text: "x", accept: ["bedtimes"] }]).success).toBe(false);
    expect(relevanceSetSchema.safeParse([{ text: "x", accept: ["general", "bedtime"] }]).success).toBe(false);
  });

  it("no text appears twice, within a set or across sets, and none is over 1000 characters", () => {
    const all = [...sets.danger, ...sets.ordinary, ...sets.relevance, ...sets.parentCrisis, ...sets.patterns.danger, ...sets.patterns.ordinary].map((e) => e.text);
    expect(duplicates(all)).toEqual([]);
    expect(all.filter((t) => t.length > 1000)).toEqual([]);
  });

  describe("the rounds written blind: the check learns from every measured one and never from the newest", () => {
    const normal = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();

    /**
     * What keeps a blind round blind, for a pair of round folders: only the newest round (the highest number) sits in
     * held-out/, none of rounds/ is as new as it, every message of rounds/ is trained on, and no message of the newest
     * was copied into the hand-written sets. Held-out/ may hold no round at all (between one round's joining training
     * and the next one's writing).
     */
    function roundGuard(folders: { trained: string; heldOut: string }) {
      const heldOut = roundFilesIn(folders.heldOut);
      const newest = heldOut.at(-1);
      const loaded = loadEvalSets(folders.trained);
      const training = dangerTrainingSets(loaded);
      const learned = new Set([...training.danger, ...training.ordinary].map((entry) => normal(entry.text)));
      const older = loaded.rounds.filter((round) => !newest || round.round < newest.round).flatMap((round) => [...round.danger, ...round.ordinary]);
      const olderTexts = new Set(older.map((entry) => normal(entry.text)));
      // The trainer reads rounds/ only; the sets written by hand must not hold the newest round's messages either. Two
      // writers of blind rounds may both write 'help' (that is no copy), so only the hand-written sets are compared.
      const handWritten = dangerTrainingSets({ ...loaded, rounds: [] });
      const newestTexts = new Set(newest ? [...loadRound(newest.file).danger, ...loadRound(newest.file).ordinary].map((entry) => normal(entry.text)) : []);
      // Everyday sentences that ordinary.json held before a round's writer chose the same words again (rounds 10 and 17).
      const coincidences = new Set(["my son says his teacher hates him", "daughter wants her ears pierced at 8"]);
      return {
        newest: newest?.round,
        olderHeldOut: heldOut.slice(0, -1).map(({ round }) => round),
        trainedNotOlder: newest ? loaded.rounds.filter(({ round }) => round >= newest.round).map(({ round }) => round) : [],
        trainedCount: older.length,
        notLearned: older.filter((entry) => !learned.has(normal(entry.text))).map((entry) => entry.text),
        // Two writers may also write the same everyday sentence ('i cant do this anymore' in five rounds): a text an
        // older round held before the newest was written is no leak, and the older rounds are frozen (see below).
        newestLearned: [...training.danger, ...training.ordinary].map((entry) => entry.text).filter((t) => newestTexts.has(normal(t)) && !olderTexts.has(normal(t)) && !coincidences.has(t)),
        newestCopied: [...handWritten.danger, ...handWritten.ordinary].map((entry) => entry.text).filter((t) => !coincidences.has(t) && newestTexts.has(normal(t))),
      };
    }
    const clean = { olderHeldOut: [], trainedNotOlder: [], notLearned: [], newestLearned: [], newestCopied: [] };

    it("keeps only the newest round in held-out/, trains on every message of every older round, and learns no message of the newest", () => {
      const guard = roundGuard(roundFolders);
      expect(guard).toMatchObject(clean);
      expect(guard.trainedCount).toBeGreaterThan(3000);
      expect(sets.rounds.length).toBeGreaterThanOrEqual(5);
    });

    it("keeps every round as its writer left it: each file's sha256 is the one recorded when it was written", () => {
      const files = [...fs.readdirSync(roundFolders.trained).map((name) => path.join(roundFolders.trained, name)), ...fs.readdirSync(roundFolders.heldOut).map((name) => path.join(roundFolders.heldOut, name))];
      const found = Object.fromEntries(files.map((file) => [path.basename(file), createHash("sha256").update(fs.readFileSync(file)).digest("hex")]));
      expect(found).toEqual(frozenRounds);
    });

    describe("with a new blind round dropped into held-out/ (a fixture: the real round is never opened here)", () => {
      const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "rounds-guard-"));
      const folders = { trained: path.join(fixture, "rounds"), heldOut: path.join(fixture, "held-out") };
      fs.cpSync(roundFolders.trained, folders.trained, { recursive: true });
      fs.mkdirSync(folders.heldOut);
      const last = sets.rounds.at(-1)!.round;
      const blind = {
        danger: [{ text: "a fixture message no set holds: the ferret has the car keys", category: "missing-child", topic: "fixture" }],
        ordinary: [{ text: "a fixture everyday message: the ferret learnt to open the fridge", near_miss: false }],
      };
      fs.writeFileSync(path.join(folders.heldOut, `round-${last + 1}.json`), JSON.stringify(blind));
      closeAfterFile(async () => fs.rmSync(fixture, { recursive: true, force: true }));

      it("keeps it out of training with no code change", () => {
        expect(roundGuard(folders)).toMatchObject({ ...clean, newest: last + 1 });
      });

      it("fails when the new round is also put in rounds/ or an older round stays beside it, or its messages are copied into training", () => {
        fs.copyFileSync(path.join(folders.heldOut, `round-${last + 1}.json`), path.join(folders.trained, `round-${last + 1}.json`));
        fs.copyFileSync(path.join(roundFolders.trained, `round-${last}.json`), path.join(folders.heldOut, `round-${last}.json`));
        const guard = roundGuard(folders);
        fs.rmSync(path.join(folders.trained, `round-${last + 1}.json`));
        fs.rmSync(path.join(folders.heldOut, `round-${last}.json`));
        expect(guard.olderHeldOut).toEqual([last]);
        expect(guard.trainedNotOlder).toEqual([last + 1]);
        expect(guard.newestLearned).toEqual([...blind.danger, ...blind.ordinary].map((entry) => entry.text));
      });
    });
  });
});
