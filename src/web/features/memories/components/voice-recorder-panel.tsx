import { Mic, RotateCcw, Square } from "lucide-react";
import { formatDuration, MAX_RECORDING_SECONDS } from "../../../../shared/memories";
import { Button } from "../../../components/ui/button";
import type { useVoiceRecorder } from "./use-voice-recorder";
import { FieldError } from "../../../components/ui/text-field";

/** The record button, the m:ss / 2:00 timer, playback and Retake. */
export function VoiceRecorderPanel({ recorder, optional }: { recorder: ReturnType<typeof useVoiceRecorder>; optional: boolean }) {
  const { state, elapsed, recording, error } = recorder;
  return (
    <section aria-label="Voice recording" className="flex flex-col items-center gap-4 rounded-xl border border-sand-soft bg-paper-warm px-4 py-6 text-center">
      <p className="text-3xl font-semibold tabular-nums text-ink" aria-live={state === "recording" ? "off" : "polite"}>
        <span data-testid="record-timer">{formatDuration(elapsed)}</span>
        <span className="text-olive-dark"> / {formatDuration(MAX_RECORDING_SECONDS)}</span>
      </p>
      {state === "idle" ? (
        <>
          <Button variant="accent" size="lg" onClick={() => void recorder.start()} className="rounded-full">
            <Mic className="size-5" aria-hidden="true" />
            Start recording
          </Button>
          <p className="text-sm text-olive-dark">{optional ? "A voice note is optional: you can save just the words." : "Up to 2 minutes. Talk like they're sitting next to you."}</p>
        </>
      ) : null}
      {state === "recording" ? (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-danger" role="status">
            <span className="size-2.5 animate-pulse rounded-full bg-danger motion-reduce:animate-none" aria-hidden="true" />
            Recording…
          </p>
          <Button variant="primary" size="lg" onClick={recorder.stop} className="rounded-full">
            <Square className="size-4" aria-hidden="true" />
            Stop
          </Button>
        </>
      ) : null}
      {state === "recorded" && recording ? (
        <>
          <audio controls src={recording.url} className="w-full max-w-sm" aria-label="Play back your recording" />
          <Button variant="secondary" onClick={() => void recorder.retake()}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Retake
          </Button>
        </>
      ) : null}
      {error ? (
        <FieldError>
          {error}
        </FieldError>
      ) : null}
    </section>
  );
}
