import { expect, it } from "vitest";
import { joinNames } from "./join-names";

it("joins names as a sentence says them", () => {
  expect(joinNames([])).toBe("");
  expect(joinNames(["Maya"])).toBe("Maya");
  expect(joinNames(["Maya", "Leo"])).toBe("Maya and Leo");
  expect(joinNames(["Maya", "Leo", "Sam"])).toBe("Maya, Leo and Sam");
});
