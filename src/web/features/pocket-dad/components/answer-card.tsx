import { clsx } from "clsx";
import { Heart, Info, LifeBuoy, MessageSquareText, PencilLine, RotateCcw, Video } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { ChildAvatar } from "../../../components/ui/child-avatar";
import { escapeRegExp } from "../../../../shared/escape-reg-exp";
import { type Intensity, INTENSITIES, POCKET_DAD_COPY, type PocketDadAnswer, type Variant } from "../../../../shared/pocket-dad";
import type { PocketDadChild } from "../api/get-pocket-dad-context";
import type { AnswerMeta } from "../pocket-dad-storage";
import { SayLineEditor } from "./say-line-editor";

type Props = {
  answer: PocketDadAnswer;
  meta: AnswerMeta;
  variant: Variant;
  child: PocketDadChild | null;
  intensity: Intensity;
  loading: boolean;
  liked: boolean;
  likePending: boolean;
  onStep: (direction: "softer" | "firmer") => void;
  onVariant: (variant: "shorter" | "funnier") => void;
  onRetry: () => void;
  onLike: () => void;
  onText: () => void;
  /** 'Edit' saved: Dad's own words become the line (kept on his answer). */
  onSaveSay: (say: string) => Promise<void>;
  /** The line is Dad's own words. */
  edited: boolean;
  onRecordLater: () => void;
};

/** Safety answers saved before the reply listed its numbers gave US numbers only (911, 988, 1-800-…). */
const SAVED_US_PHONES = /(\b911\b|\b988\b|\b1-800-\d{3}-\d{4}\b)/;

/**
 * Every number in a safety answer made a tap-to-call link, in whatever format the country writes it (000, 116 123,
 * 1-800-…), never a piece of a longer one ('000' in '116 000').
 */
function withPhoneLinks(text: string, phones: AnswerMeta["phones"]) {
  const pattern = phones?.length ? new RegExp(`((?<![\\d-]|\\d )(?:${phones.map((phone) => escapeRegExp(phone.display)).join("|")})(?![\\d-]| \\d))`) : SAVED_US_PHONES;
  return text.split(pattern).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={`tel:${part.replace(/\D/g, "")}`} className="font-semibold whitespace-nowrap underline underline-offset-2">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export function AnswerCard(props: Props) {
  const [whyOpen, setWhyOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const funnierReasonId = useId();
  const editButtonId = useId();
  /**
   * Back from the editor, focus returns to 'Edit', where Dad was: once the button is enabled again (not editing, not
   * loading). Focusing it in the next frame instead failed whenever React had not yet enabled it by then (a disabled
   * button takes no focus), and Dad's keyboard was left on the page's body.
   */
  const returnFocusToEdit = useRef(false);
  const closeEditor = () => {
    returnFocusToEdit.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (!returnFocusToEdit.current || editing || props.loading) return;
    returnFocusToEdit.current = false;
    document.getElementById(editButtonId)?.focus();
  }, [editing, props.loading, editButtonId]);
  const { answer, meta } = props;
  const safety = meta.kind === "safety";
  const forDad = safety && meta.audience === "dad";
  const funnierOff = !meta.funnierAllowed;
  /** A few words that named nothing: the question and the number first, the script once Dad says no one is in danger. */
  const [wentOnFrom, setWentOnFrom] = useState<PocketDadAnswer | null>(null);
  const asking = meta.safetyNote?.kind === "ask" && !safety && wentOnFrom !== answer;
  const goOn = () => {
    setWentOnFrom(answer);
    requestAnimationFrame(() => document.getElementById("say-this")?.focus());
  };
  return (
    <Card
      className={clsx("flex flex-col gap-4 p-5", safety && "border-accent border-l-4 bg-accent-soft")}
      aria-busy={props.loading || undefined}
      data-testid="answer-card"
    >
      {props.child ? (
        <div className="flex items-center gap-3 border-b border-sand-soft pb-3">
          <ChildAvatar name={props.child.name} photoUrl={props.child.photoUrl} size="sm" decorative />
          <div className="min-w-0">
            <p className="font-semibold">{props.child.name}</p>
            <p className="truncate text-sm text-olive-dark">
              {props.child.ageLabel}
              {props.child.profileNote ? ` · ${props.child.profileNote}` : ""}
            </p>
          </div>
        </div>
      ) : null}
      {safety ? (
        <p className="flex items-center gap-2 font-semibold text-ink" data-testid="safety-heading">
          <LifeBuoy className="size-5 text-accent-dark" aria-hidden="true" /> Safety first
        </p>
      ) : null}
      {meta.safetyNote && !safety ? (
        <div role="alert" className="flex flex-col gap-3 rounded-lg border-l-4 border-accent bg-accent-soft px-3 py-2 font-medium text-ink" data-testid="safety-note">
          <p className="flex items-start gap-2">
            <LifeBuoy className="mt-0.5 size-5 shrink-0 text-accent-dark" aria-hidden="true" />
            <span>{withPhoneLinks(meta.safetyNote.text, meta.safetyNote.phones)}</span>
          </p>
          {asking ? (
            <Button variant="secondary" onClick={goOn} data-testid="safety-ask-go-on">
              {POCKET_DAD_COPY.askGoOn}
            </Button>
          ) : null}
        </div>
      ) : null}
      {asking ? null : (
        <>
          <section aria-labelledby="say-this">
            <h2 id="say-this" tabIndex={-1} className="text-sm font-semibold tracking-wide text-olive-dark uppercase">
              {forDad ? POCKET_DAD_COPY.sayForDad : POCKET_DAD_COPY.say}
            </h2>
            {editing ? (
              <SayLineEditor
                say={answer.say}
                onClose={closeEditor}
                onSave={async (say) => {
                  await props.onSaveSay(say);
                  closeEditor();
                  toast.success(POCKET_DAD_COPY.editSaved);
                }}
              />
            ) : (
              <>
                <p className="mt-1 text-lg leading-relaxed font-medium" data-testid="say-this">
                  {forDad ? answer.say : `“${answer.say}”`}
                </p>
                {props.edited ? (
                  <p className="mt-1 text-sm text-olive-dark" data-testid="say-edited">
                    {POCKET_DAD_COPY.editLabel}
                  </p>
                ) : null}
              </>
            )}
          </section>
          <section aria-labelledby="then-do-this">
            <h2 id="then-do-this" className="text-sm font-semibold tracking-wide text-olive-dark uppercase">
              {POCKET_DAD_COPY.do}
            </h2>
            <ul className="mt-1 flex list-disc flex-col gap-1 pl-5" data-testid="do-items">
              {answer.doItems.map((item) => (
                <li key={item}>{safety ? withPhoneLinks(item, meta.phones) : item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="why-it-works">
            <h2 id="why-it-works" className="text-sm font-semibold tracking-wide text-olive-dark uppercase">
              {POCKET_DAD_COPY.why}
            </h2>
            <button type="button" className="mt-1 min-h-11 text-sm font-semibold underline underline-offset-2 sm:hidden" aria-expanded={whyOpen} onClick={() => setWhyOpen(!whyOpen)}>
              {whyOpen ? "Hide" : POCKET_DAD_COPY.tapToExpand}
            </button>
            <p className={`mt-1 whitespace-pre-line text-ink-soft ${whyOpen ? "" : "hidden sm:block"}`}>{answer.why}</p>
          </section>
          {meta.note ? (
            <p role="note" className="flex items-center gap-2 rounded-lg bg-paper-warm px-3 py-2 text-sm text-ink-soft" data-testid="answer-note">
              <Info className="size-4 shrink-0 text-olive-dark" aria-hidden="true" /> {meta.note}
            </p>
          ) : null}
          {safety ? null : (
            <div className="flex flex-col gap-2 border-t border-sand-soft pt-3">
              <div role="group" aria-label="Adjust the answer" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <Button variant="secondary" onClick={() => props.onStep("softer")} disabled={props.loading || props.intensity === INTENSITIES[0]}>
                  Softer
                </Button>
                <Button variant="secondary" onClick={() => props.onStep("firmer")} disabled={props.loading || props.intensity === INTENSITIES[INTENSITIES.length - 1]}>
                  Firmer
                </Button>
                <Button variant="secondary" onClick={() => props.onVariant("shorter")} disabled={props.loading} aria-pressed={props.variant === "shorter"} className="aria-pressed:border-ink aria-pressed:bg-mist-soft">
                  Shorter
                </Button>
                {/* aria-disabled (not disabled) keeps it focusable, so a screen reader reaches it and hears why it is off. */}
                <Button
                  variant="secondary"
                  onClick={() => !funnierOff && props.onVariant("funnier")}
                  disabled={props.loading}
                  aria-disabled={funnierOff || undefined}
                  aria-describedby={funnierOff ? funnierReasonId : undefined}
                  aria-pressed={props.variant === "funnier" && !funnierOff}
                  className={clsx("aria-pressed:border-ink aria-pressed:bg-mist-soft", funnierOff && "cursor-not-allowed opacity-60 hover:border-sand hover:bg-white")}
                >
                  Funnier
                </Button>
              </div>
              {funnierOff ? (
                <p id={funnierReasonId} className="text-sm text-olive-dark" data-testid="funnier-reason">
                  {POCKET_DAD_COPY.funnierOff} {meta.funnierReason ?? POCKET_DAD_COPY.funnierRefused}
                </p>
              ) : null}
            </div>
          )}
          <div className={clsx("flex flex-wrap items-center gap-x-1 gap-y-2", safety && "border-t border-sand-soft pt-3")}>
            <Button variant="ghost" onClick={props.onRetry} disabled={props.loading} aria-label="Ask again">
              <RotateCcw className="size-5" aria-hidden="true" /> Retry
            </Button>
            <Button
              variant="ghost"
              onClick={props.onLike}
              disabled={props.liked || props.likePending || props.loading}
              aria-pressed={props.liked}
              aria-label={props.liked ? "Liked" : "Like this answer"}
            >
              <Heart className={`size-5 ${props.liked ? "fill-danger text-danger" : ""}`} aria-hidden="true" /> {props.liked ? "Liked" : "Like"}
            </Button>
            {safety ? null : (
              <>
                <Button variant="ghost" onClick={props.onText} disabled={props.loading} aria-label="Text: copy the line to send by message">
                  <MessageSquareText className="size-5" aria-hidden="true" /> Text
                </Button>
                <Button id={editButtonId} variant="ghost" onClick={() => setEditing(true)} disabled={props.loading || editing} aria-label="Edit: put the line in your own words">
                  <PencilLine className="size-5" aria-hidden="true" /> Edit
                </Button>
              </>
            )}
          </div>
          {safety ? null : (
            <Button variant="accent" onClick={props.onRecordLater} disabled={props.loading}>
              <Video className="size-5" aria-hidden="true" /> {POCKET_DAD_COPY.recordLater}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
