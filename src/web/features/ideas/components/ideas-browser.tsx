import { ArrowLeft, Mic, Shuffle } from "lucide-react";
import { useState } from "react";
import { DEFAULT_TAGLINE, IDEAS_COPY, quickStarters, randomIdea, searchCategories, searchPrompts } from "../../../../shared/prompt-library";
import { Button } from "../../../components/ui/button";
import { SearchField } from "../../../components/ui/search-field";
import { useIdeas } from "../api/get-ideas";
import { CategoryIcon } from "./category-icon";

/**
 * The prompt library: category grid with search, then a category's prompts with Quick Starters.
 * `onPick(prompt)` records with a prompt; `onPick(null)` records without one. Used by /ideas and the Ideas modal.
 */
export function IdeasBrowser({ onPick, compact = false }: { onPick: (prompt: string | null) => void; compact?: boolean }) {
  const ideas = useIdeas();
  const [query, setQuery] = useState("");
  const [categoryKey, setCategoryKey] = useState<string | null>(null);

  if (ideas.isPending) return <p className="text-olive-dark">Loading…</p>;
  if (ideas.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-danger">Failed to load category prompts. Please try again.</p>
        <Button variant="secondary" onClick={() => void ideas.refetch()}>
          Try again
        </Button>
      </div>
    );

  const library = ideas.data;
  const category = library.categories.find((c) => c.key === categoryKey) ?? null;
  const clearSearch = (
    <Button variant="secondary" onClick={() => setQuery("")}>
      {IDEAS_COPY.clearSearch}
    </Button>
  );
  const searchBox = <SearchField label={IDEAS_COPY.search} value={query} onChange={setQuery} />;

  if (!category) {
    const categories = searchCategories(library, query);
    const matchingPrompts = query.trim() ? searchPrompts(library, query, null) : [];
    return (
      <div className="flex flex-col gap-6">
        {searchBox}
        {categories.length === 0 && matchingPrompts.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-10 text-center">
            <p className="font-medium">{IDEAS_COPY.emptySearch}</p>
            {clearSearch}
          </div>
        ) : null}
        <ul className={compact ? "grid gap-3 sm:grid-cols-2" : "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"}>
          {categories.map((c) => (
            <li key={c.key}>
              <button
                type="button"
                onClick={() => setCategoryKey(c.key)}
                className="flex h-full min-h-20 w-full items-center gap-4 rounded-xl border border-sand-soft bg-white p-4 text-left transition-colors hover:border-accent focus-visible:outline-3 focus-visible:outline-accent-dark"
              >
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
                  <CategoryIcon name={c.icon} className="size-6" />
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold text-ink">{c.name}</span>
                  <span className="text-sm text-olive-dark">{c.tagline || DEFAULT_TAGLINE}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {matchingPrompts.length > 0 ? <PromptList prompts={matchingPrompts.map((m) => m.prompt)} onPick={onPick} /> : null}
      </div>
    );
  }

  const prompts = searchPrompts(library, query, category.key).map((m) => m.prompt);
  const starters = quickStarters(category);
  return (
    <div className="flex flex-col gap-6 pb-20">
      <div>
        <Button variant="ghost" onClick={() => { setCategoryKey(null); setQuery(""); }} className="-ml-3">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {IDEAS_COPY.back}
        </Button>
      </div>
      <header className="flex items-center gap-4">
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
          <CategoryIcon name={category.icon} className="size-7" />
        </span>
        <div>
          <h2 className="text-2xl font-bold tracking-tight">{category.name}</h2>
          <p className="text-sm text-olive-dark">
            {category.prompts.length} {category.prompts.length === 1 ? "idea" : "ideas"} · {category.tagline || DEFAULT_TAGLINE}
          </p>
        </div>
      </header>
      {starters.length > 0 && !compact ? (
        <section aria-labelledby="quick-starters">
          <h3 id="quick-starters" className="text-lg font-semibold">
            {IDEAS_COPY.quickStarters}
          </h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {starters.map((prompt) => (
              <li key={prompt}>
                <button
                  type="button"
                  onClick={() => onPick(prompt)}
                  className="flex h-full min-h-24 w-full flex-col items-start gap-2 rounded-xl bg-ink p-4 text-left text-white hover:bg-ink-strong focus-visible:outline-3 focus-visible:outline-accent-dark"
                >
                  <span className="rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold">60s</span>
                  <span className="text-sm font-medium">{prompt}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {searchBox}
      {prompts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-10 text-center">
          <p className="font-medium">{IDEAS_COPY.emptyCategory}</p>
          {query ? clearSearch : null}
        </div>
      ) : (
        <PromptList prompts={prompts} onPick={onPick} />
      )}
      {compact ? null : (
        <section className="flex flex-col items-center justify-between gap-3 rounded-xl bg-accent-soft p-5 sm:flex-row">
          <p className="font-medium text-ink">Nothing here fits? Just start talking.</p>
          <Button variant="accent" onClick={() => onPick(null)}>
            <Mic className="size-4" aria-hidden="true" />
            {IDEAS_COPY.startRecording}
          </Button>
        </section>
      )}
      <div className={compact ? "" : "fixed right-4 bottom-4 z-40 sm:right-8 sm:bottom-8"}>
        <Button
          variant="primary"
          className="shadow-float"
          onClick={() => {
            const idea = randomIdea(library, category.key);
            if (idea) onPick(idea);
          }}
        >
          <Shuffle className="size-4" aria-hidden="true" />
          {IDEAS_COPY.random}
        </Button>
      </div>
    </div>
  );
}

function PromptList({ prompts, onPick }: { prompts: string[]; onPick: (prompt: string) => void }) {
  return (
    <ul className="flex flex-col divide-y divide-sand-soft rounded-xl border border-sand-soft bg-white">
      {prompts.map((prompt) => (
        <li key={prompt} className="flex items-center justify-between gap-3 px-4 py-3">
          <span className="text-base text-ink">{prompt}</span>
          <Button variant="secondary" onClick={() => onPick(prompt)} aria-label={`Record: ${prompt}`}>
            <Mic className="size-4" aria-hidden="true" />
            Record
          </Button>
        </li>
      ))}
    </ul>
  );
}
