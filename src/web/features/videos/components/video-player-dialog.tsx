import { clsx } from "clsx";
import { type FormEvent, type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { playingFrom } from "../../../../shared/transcripts";
import { formatClock, VIDEO_COPY, type VideoComment, type VideoPlayback } from "../../../../shared/videos";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useAddComment } from "../api/add-comment";
import { useDeleteComment } from "../api/delete-comment";
import { useEditComment } from "../api/edit-comment";
import { usePlaybackLink } from "../api/get-playback-link";
import { useComments } from "../api/list-comments";
import { useUpdateVideoNotes } from "../api/update-video-notes";

const inputClass = "min-h-11 w-full rounded-lg border border-sand bg-white px-3.5 py-2 text-base hover:border-olive focus-visible:outline-3 focus-visible:outline-accent-dark";

/** Enter submits; empty input after trimming is ignored silently (spec 001 §5). */
function onEnter(submit: (text: string, input: HTMLInputElement) => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const text = event.currentTarget.value.trim();
    if (text) submit(text, event.currentTarget);
  };
}

function CommentRow({ comment, videoId, onSeek, onReply }: { comment: VideoComment; videoId: string; onSeek: (seconds: number) => void; onReply?: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(videoId);
  const remove = useDeleteComment(videoId);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-olive-dark">
        <span className="font-semibold text-ink">{comment.author}</span>{" "}
        <button type="button" className="font-mono underline hover:text-ink" onClick={() => onSeek(comment.timeSeconds)} aria-label={`Jump to ${comment.timestamp}`}>{comment.timestamp}</button>
      </p>
      {editing ? (
        // A form, so a phone (no Enter key on every keyboard) has its Save button and Enter still saves.
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const content = String(new FormData(event.currentTarget).get("content") ?? "").trim();
            if (content) edit.mutate({ videoId, commentId: comment.id, content }, { onSuccess: () => setEditing(false), onError: (e) => alert(`Failed to save comments: ${e.message}`) });
          }}
        >
          <input name="content" aria-label="Edit comment" defaultValue={comment.content} className={`${inputClass} min-w-0 flex-1`} autoFocus />
          <Button type="submit" className="shrink-0" busy={edit.isPending}>Save</Button>
        </form>
      ) : (
        <p className="whitespace-pre-wrap">{comment.content}</p>
      )}
      {confirming ? (
        <div role="group" aria-label="Confirm delete" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{comment.replies.length > 0 ? "Delete this comment and its replies?" : "Delete this comment?"}</span>
          <Button variant="danger" autoFocus busy={remove.isPending}
            onClick={() => remove.mutate({ videoId, commentId: comment.id }, { onError: (e) => alert(`Failed to save comments: ${e.message}`), onSettled: () => setConfirming(false) })}>
            Delete
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>Keep</Button>
        </div>
      ) : (
        <div className="flex gap-1 text-sm">
          {onReply ? <Button variant="ghost" onClick={onReply}>Reply</Button> : null}
          <Button variant="ghost" onClick={() => setEditing((value) => !value)}>{editing ? "Cancel" : "Edit"}</Button>
          <Button variant="ghost" onClick={() => setConfirming(true)}>Delete</Button>
        </div>
      )}
    </div>
  );
}

/** Dad's notes on the video (written at step 2), shown under it and editable in place. */
function VideoNotes({ videoId, initial }: { videoId: string; initial: string }) {
  const [notes, setNotes] = useState(initial);
  const [editing, setEditing] = useState(false);
  const save = useUpdateVideoNotes();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("notes") ?? "");
    save.mutate({ videoId, notes: text }, {
      onSuccess: (video) => { setNotes(video.notes); setEditing(false); },
      onError: (e) => alert(`Failed to save notes: ${e.message}`),
    });
  }
  if (editing) {
    return (
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor="video-notes-edit" className="text-sm font-medium">Your notes</label>
        <textarea id="video-notes-edit" name="notes" rows={3} defaultValue={notes} autoFocus className={inputClass} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>Cancel</Button>
          <Button type="submit" busy={save.isPending}>Save notes</Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex items-start justify-between gap-3">
      <p className={clsx("whitespace-pre-wrap", !notes && "text-olive-dark")}>{notes || "No notes on this video yet."}</p>
      <Button variant="ghost" className="shrink-0 whitespace-nowrap" onClick={() => setEditing(true)}>{notes ? "Edit notes" : "Add notes"}</Button>
    </div>
  );
}

/** Whether this browser plays a file of this type (WebM in Chrome and Firefox; not in older Safari). */
const playsHere = (contentType: string) => document.createElement("video").canPlayType(contentType) !== "";

/**
 * The file the player shows and how it moves to the next: the original while the MP4 is made (where this browser plays
 * it), then the MP4, resumed where the viewer was and playing if it was. Null while there is nothing this browser plays.
 */
function usePlayerSource(player: RefObject<HTMLVideoElement | null>, playback: VideoPlayback | undefined, startAtSeconds?: number) {
  const wanted = playback && (playback.source === "processed" || playsHere(playback.contentType)) ? playingFrom(playback.url, startAtSeconds) : null;
  const [shown, setShown] = useState<string | null>(null);
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);
  useEffect(() => {
    if (!wanted || wanted === shown) return;
    // Read before the new source replaces the old one (loading it sets the position back to 0).
    const element = player.current;
    if (element && shown) resumeAt.current = { time: element.currentTime, playing: !element.paused && !element.ended };
    setShown(wanted);
  }, [player, wanted, shown]);
  const resume = (element: HTMLVideoElement) => {
    const at = resumeAt.current;
    if (!at) return;
    resumeAt.current = null;
    element.currentTime = at.time;
    // A browser that refuses to play without a gesture leaves the viewer at the same place, paused.
    if (at.playing) void element.play().catch(() => {});
  };
  return { src: wanted ? shown ?? wanted : null, resume };
}

/**
 * What the player needs of a video: it fetches the playback link and comments by id; its captions (WebVTT) when it has
 * them; where to start (a search hit: the moment its word is said).
 */
export type PlayableVideo = { id: string; title: string; notes: string; captionsUrl?: string | null; startAtSeconds?: number };

/** For lists that take a render prop (the memories feed and the vault): the player for one video. */
export const renderVideoPlayer = (video: PlayableVideo, onClose: () => void, about?: ReactNode) => <VideoPlayerDialog video={video} onClose={onClose} about={about} />;

/**
 * The player: signed link with Range (seeking works), 'Notes (n)' with timestamped comments and one level of replies.
 * A video still processing plays from Dad's original where this browser can, else says about when it will be ready.

 * `about`: who the video is for and when it unlocks (the memories feature's line), under the video;
 * `extra`: shown under Dad's notes (the route's part, e.g. who the video was delivered to).
 */
export function VideoPlayerDialog({ video, onClose, about, extra }: { video: PlayableVideo; onClose: () => void; about?: ReactNode; extra?: ReactNode }) {
  const player = useRef<HTMLVideoElement>(null);
  const [now, setNow] = useState(0);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [playFailed, setPlayFailed] = useState(false);
  const link = usePlaybackLink(video.id);
  const source = usePlayerSource(player, link.data, video.startAtSeconds);
  const comments = useComments(video.id);
  const add = useAddComment(video.id);
  const count = comments.data?.reduce((total, comment) => total + 1 + comment.replies.length, 0) ?? 0;
  const seek = (seconds: number) => {
    if (player.current) player.current.currentTime = seconds;
  };
  /** The typed text stays in its field until the server has it, so a failed send loses nothing. */
  const submit = (content: string, input: HTMLInputElement, parentId?: string) =>
    add.mutate(
      { videoId: video.id, content, timeSeconds: player.current?.currentTime ?? 0, parentId },
      {
        onSuccess: () => { input.value = ""; setReplyTo(null); },
        onError: (e) => alert(`${parentId ? "Failed to add reply" : "Failed to add comment"}: ${e.message}`),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={video.title} className="max-w-3xl">
      {link.isError || playFailed ? <Alert>{VIDEO_COPY.playbackFailed}</Alert> : null}
      {link.data && !source.src && link.data.readyInSeconds !== null ? (
        <p role="status" className="flex aspect-video w-full items-center justify-center rounded-lg bg-paper-warm p-6 text-center text-lg text-ink">
          {VIDEO_COPY.gettingReady(link.data.readyInSeconds)}
        </p>
      ) : (
        <video ref={player} src={source.src ?? undefined} controls playsInline preload="metadata" className="aspect-video w-full rounded-lg bg-ink" aria-label={video.title}
          data-source={link.data?.source} onTimeUpdate={(event) => setNow(event.currentTarget.currentTime)} onLoadedMetadata={(event) => source.resume(event.currentTarget)}
          // The original is dropped once the MP4 is made: ask again for the MP4 rather than fail.
          onError={() => (link.data?.source === "original" ? void link.refetch() : setPlayFailed(Boolean(link.data)))}>
          {video.captionsUrl ? <track kind="captions" src={video.captionsUrl} srcLang="en" label="English" default /> : null}
        </video>
      )}
      {about}
      <VideoNotes videoId={video.id} initial={video.notes} />
      {extra}
      <section aria-labelledby="notes-tab" className="flex flex-col gap-3">
        <h3 id="notes-tab" className="border-b-2 border-ink pb-1 font-semibold">Notes ({count})</h3>
        {comments.isError ? <Alert>{`Failed to load comments: ${comments.error.message}`}</Alert> : null}
        <div className="flex flex-col gap-1">
          <input aria-label="Add a comment" placeholder="Add a comment..." className={inputClass}
            onKeyDown={onEnter((content, input) => submit(content, input))} />
          <p className="text-sm text-olive-dark">Comment will be timestamped at {formatClock(now)}</p>
        </div>
        {comments.isPending ? <p className="text-olive-dark">Loading…</p> : null}
        {comments.data?.length === 0 ? <p className="text-olive-dark">No comments yet. Be the first to comment!</p> : null}
        <ul className="flex flex-col gap-4">
          {comments.data?.map((comment) => (
            <li key={comment.id} className="flex flex-col gap-2">
              <CommentRow comment={comment} videoId={video.id} onSeek={seek} onReply={() => setReplyTo(comment.id)} />
              <ul className="ml-6 flex flex-col gap-3 border-l-2 border-sand-soft pl-4">
                {comment.replies.map((reply) => <li key={reply.id}><CommentRow comment={reply} videoId={video.id} onSeek={seek} /></li>)}
                {replyTo === comment.id ? (
                  <li><input aria-label="Write a reply" placeholder="Write a reply..." className={inputClass} autoFocus onKeyDown={onEnter((content, input) => submit(content, input, comment.id))} /></li>
                ) : null}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </Dialog>
  );
}
