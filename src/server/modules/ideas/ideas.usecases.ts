import type { PromptLibrary } from "../../../shared/prompt-library";
import type { IdeasRepository } from "./ideas.repository";

export function createIdeasUsecases(options: { ideas: IdeasRepository }) {
  let cached: Promise<PromptLibrary> | null = null;

  async function load(): Promise<PromptLibrary> {
    const { categories, prompts } = await options.ideas.library();
    return {
      categories: categories.map((category) => ({
        key: category.key,
        name: category.name,
        icon: category.icon,
        tagline: category.tagline,
        prompts: prompts.filter((prompt) => prompt.categoryKey === category.key).map((prompt) => prompt.text),
      })),
      everyday: prompts.filter((prompt) => prompt.categoryKey === null).map((prompt) => prompt.text),
    };
  }

  return {
    /** The whole library; it is reference data that only a migration changes, so it is read once. */
    library() {
      cached ??= load().catch((error: unknown) => {
        cached = null;
        throw error;
      });
      return cached;
    },
  };
}

export type IdeasUsecases = ReturnType<typeof createIdeasUsecases>;
