/** The prompt library's shape and the pure rules the Ideas screen, the Ideas modal and the daily prompt use. */

export type PromptCategory = { key: string; name: string; icon: string; tagline: string; prompts: string[] };
export type PromptLibrary = { categories: PromptCategory[]; everyday: string[] };

export const DEFAULT_TAGLINE = "Moments worth saving forever.";
export const QUICK_STARTER_COUNT = 3;
export const DAILY_PROMPT_REFRESHES = 5;

export const IDEAS_COPY = {
  heading: "Hey Dad, Ready to Drop Some Wisdom?",
  search: "Search ideas...",
  quickStarters: "Quick Starters",
  random: "Hit Me with a Random Idea",
  startRecording: "Start Recording",
  back: "Back to Categories",
  emptyCategory: "No ideas found in this category.",
  emptySearch: "No ideas matched your search.",
  clearSearch: "Clear search",
} as const;

const normalise = (text: string) => text.toLocaleLowerCase().trim();

/** Prompts containing the query (case-insensitive), within one category or across the library. */
export function searchPrompts(library: PromptLibrary, query: string, categoryKey: string | null) {
  const needle = normalise(query);
  const pool = categoryKey === null ? library.categories.flatMap((c) => c.prompts.map((prompt) => ({ prompt, category: c.key }))) : (library.categories.find((c) => c.key === categoryKey)?.prompts ?? []).map((prompt) => ({ prompt, category: categoryKey }));
  return needle === "" ? pool : pool.filter((entry) => normalise(entry.prompt).includes(needle));
}

/** Categories whose name or tagline matches (the grid's search). */
export function searchCategories(library: PromptLibrary, query: string) {
  const needle = normalise(query);
  return needle === "" ? library.categories : library.categories.filter((c) => normalise(c.name).includes(needle) || normalise(c.tagline).includes(needle));
}

export function quickStarters(category: PromptCategory) {
  return category.prompts.slice(0, QUICK_STARTER_COUNT);
}

function pick<T>(items: T[], random: () => number): T | undefined {
  return items[Math.floor(random() * items.length)];
}

/** Spec 4 "Daily prompt": a random category, then a random prompt in it. */
export function pickDailyPrompt(library: PromptLibrary, random: () => number = Math.random) {
  const category = pick(library.categories.filter((c) => c.prompts.length > 0), random);
  const prompt = category ? pick(category.prompts, random) : undefined;
  return category && prompt ? { category: category.name, prompt } : null;
}

/** A random prompt from a category, or from the whole library (everyday list included) when none is open. */
export function randomIdea(library: PromptLibrary, categoryKey: string | null, random: () => number = Math.random) {
  const pool = categoryKey === null ? [...library.categories.flatMap((c) => c.prompts), ...library.everyday] : (library.categories.find((c) => c.key === categoryKey)?.prompts ?? []);
  return pick(pool, random) ?? null;
}
