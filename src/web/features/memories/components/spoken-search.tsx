import { type FormEvent, useId, useState } from "react";
import { formatClock } from "../../../../shared/videos";
import { type HighlightedText, SPOKEN_SEARCH_COPY, type TranscriptHit } from "../../../../shared/transcripts";
import { Button } from "../../../components/ui/button";
import { SearchField } from "../../../components/ui/search-field";
import { useTranscriptSearch } from "../api/search-transcripts";

/** A caption with the words that matched in a mark (read as 'highlight' by screen readers that announce it). */
function Highlighted({ parts }: { parts: HighlightedText }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-accent/25 px-0.5 font-semibold text-ink">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * Search inside Dad's recordings: the words he typed, found in his transcripts, each caption with its words marked and
 * the moment they are said; a hit opens the memory with its player starting there.
 */
export function SpokenSearch({ onOpen }: { onOpen: (hit: TranscriptHit) => void }) {
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const search = useTranscriptSearch(query);
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
  };
  const hits = search.data?.hits;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {SPOKEN_SEARCH_COPY.heading}
      </h2>
      <form role="search" aria-labelledby={headingId} onSubmit={submit} className="flex gap-2">
        <SearchField label={SPOKEN_SEARCH_COPY.field} value={typed} onChange={setTyped} maxLength={200} className="min-w-0 flex-1" />
        <Button type="submit" variant="secondary" className="shrink-0" busy={search.isFetching}>
          {SPOKEN_SEARCH_COPY.find}
        </Button>
      </form>
      {search.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-danger/40 bg-danger-soft p-3 text-danger-dark">
          <p>{SPOKEN_SEARCH_COPY.error}</p>
          <Button variant="secondary" onClick={() => void search.refetch()}>
            {SPOKEN_SEARCH_COPY.retry}
          </Button>
        </div>
      ) : null}
      <p role="status" className="text-sm text-olive-dark empty:hidden">
        {hits ? (hits.length === 0 ? SPOKEN_SEARCH_COPY.empty : SPOKEN_SEARCH_COPY.found(hits.length)) : ""}
      </p>
      {hits && hits.length > 0 ? (
        <ul aria-label={SPOKEN_SEARCH_COPY.results} className="flex flex-col divide-y divide-sand-soft rounded-xl border border-sand-soft bg-white">
          {hits.map((hit, index) => (
            <li key={`${hit.memoryId}-${index}`}>
              <button
                type="button"
                onClick={() => onOpen(hit)}
                data-spoken-hit={hit.memoryId}
                className="flex w-full flex-col gap-1 rounded-lg p-3 text-left hover:bg-paper-warm focus-visible:outline-3 focus-visible:outline-accent-dark"
              >
                <span className="flex flex-wrap items-baseline gap-x-2 text-sm text-olive-dark">
                  <span className="font-semibold text-ink">{hit.title}</span>
                  <span>
                    {SPOKEN_SEARCH_COPY.kinds[hit.kind]} · {formatClock(hit.atMs / 1000)}
                  </span>
                </span>
                <span className="text-base text-ink">
                  <Highlighted parts={hit.highlight} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
