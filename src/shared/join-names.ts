/** Names as a sentence says them: "Maya", "Maya and Leo", "Maya, Leo and Sam" ("" for none). */
export function joinNames(names: readonly string[]) {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
