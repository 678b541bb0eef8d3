import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

/** Matches remembered, past this the memory starts over (a stream of made-up paths costs a lookup each, no more). */
const MAX_REMEMBERED_MATCHES = 2_000;

/**
 * Hono's tree router with each method and path's match remembered. The app's routes put fixed and parameter segments
 * at the same place (`/api/memories/child-counts` beside `/api/memories/:id/transcript`), which Hono's one-pattern
 * router cannot take, so Hono falls back to walking this tree on every request: 5 µs for `/api/memories` among the
 * app's 365 routes, against a map lookup here. A match depends only on the method, the path and the routes, and every
 * route is added before the first request (adding one forgets what was remembered).
 */
export class RememberingRouter<T> implements Router<T> {
  name = "RememberingRouter (TrieRouter)";
  #tree = new TrieRouter<T>();
  #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T) {
    this.#matches.clear();
    this.#tree.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let found = this.#matches.get(key);
    if (found === undefined) {
      found = this.#tree.match(method, path);
      if (this.#matches.size >= MAX_REMEMBERED_MATCHES) this.#matches.clear();
      this.#matches.set(key, found);
    }
    return found;
  }
}
