import { type FormEvent, useId, useState } from "react";
import { isUnsure, type TranscriptSegment, TRANSCRIPT_COPY, transcriptText } from "../../../../shared/transcripts";
import { TextArea } from "../../../components/memory/memory-fields";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { useEditTranscript } from "../api/edit-transcript";
import { useTranscript } from "../api/get-transcript";

const STATUS_LINE = { transcribing: TRANSCRIPT_COPY.transcribing, unavailable: TRANSCRIPT_COPY.unavailable, failed: TRANSCRIPT_COPY.failed, none: TRANSCRIPT_COPY.none } as const;

/** A caption's words, the ones the engine was unsure of marked (dotted underline, and said to a screen reader). */
function SegmentText({ segment }: { segment: TranscriptSegment }) {
  if (segment.words.length === 0) return <>{segment.text}</>;
  return (
    <>
      {segment.words.map((word, index) => (
        <span key={index}>
          {index > 0 ? " " : null}
          {isUnsure(word) ? (
            <span className="underline decoration-dotted decoration-olive" title={TRANSCRIPT_COPY.unsure}>
              {word.text}
              <span className="sr-only"> ({TRANSCRIPT_COPY.unsure})</span>
            </span>
          ) : (
            word.text
          )}
        </span>
      ))}
    </>
  );
}

/**
 * What was said in a memory's recording, beside its player: the words (or where they stand: being made, no engine,
 * unreadable), and Dad's own correction, which replaces the engine's and is kept.
 */
export function MemoryTranscript({ memoryId }: { memoryId: string }) {
  const transcript = useTranscript(memoryId);
  const edit = useEditTranscript();
  const [draft, setDraft] = useState<string | null>(null);
  const headingId = useId();
  const fieldId = useId();
  const data = transcript.data;
  if (!data) return null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate({ memoryId, text: draft ?? "" }, { onSuccess: () => setDraft(null), onError: (error) => toast.error(error.message || "We couldn't save the transcript. Please try again.") });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-sand bg-paper-warm p-3">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {TRANSCRIPT_COPY.heading}
        {data.engine === "dad" ? <span className="ml-2 font-normal text-olive-dark">{TRANSCRIPT_COPY.byDad}</span> : null}
      </h3>
      {draft !== null ? (
        <form onSubmit={save} className="flex flex-col gap-2">
          <TextArea id={fieldId} label={TRANSCRIPT_COPY.field} rows={6} value={draft} onChange={(event) => setDraft(event.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={edit.isPending}>
              {TRANSCRIPT_COPY.save}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setDraft(null)}>
              {TRANSCRIPT_COPY.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <>
          {data.status === "ready" ? (
            <div className="flex flex-col gap-1 text-base text-ink" data-testid="transcript-text">
              {data.segments.map((segment, index) => (
                <p key={index}>
                  <SegmentText segment={segment} />
                </p>
              ))}
            </div>
          ) : (
            <p role="status" className="text-sm text-olive-dark">
              {data.status === "failed" && data.reason ? TRANSCRIPT_COPY.failedBecause(data.reason) : STATUS_LINE[data.status]}
            </p>
          )}
          {data.status !== "transcribing" ? (
            <div>
              <Button variant="ghost" onClick={() => setDraft(transcriptText(data.segments))}>
                {data.status === "ready" ? TRANSCRIPT_COPY.edit : TRANSCRIPT_COPY.write}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
