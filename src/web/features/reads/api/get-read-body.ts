import type { Block } from "../../../../shared/reads-markdown";

const bodies = new Map<string, Promise<Block[]>>();

/**
 * An own read's body (src/shared/reads-content/articles), each its own small chunk. One promise per
 * slug, kept, so React's `use` meets the same settled promise again: the prerender's second pass
 * and a later visit render the article at once. Only called for a slug in the reads list.
 */
export function loadReadBody(slug: string): Promise<Block[]> {
  let body = bodies.get(slug);
  if (!body) {
    body = import(`../../../../shared/reads-content/articles/${slug}.json`).then((module: { default: Block[] }) => module.default);
    bodies.set(slug, body);
  }
  return body;
}
