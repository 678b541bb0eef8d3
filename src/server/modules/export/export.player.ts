import { type ArchiveManifest, notOpenedForAll } from "../../../shared/export";
import { PRODUCT_NAME } from "../../../shared/product";
import { type Caption, TRANSCRIPT_COPY } from "../../../shared/transcripts";
import { escapeHtml } from "../email/email.templates";

/**
 * What each recording with a transcript says, by memory id: its captions file as stored and its captions as text. The
 * player carries them inside itself: a page opened through file:// may not read the files beside it.
 */
export type PlayerTranscripts = Record<string, { vtt: string; captions: Caption[] }>;

/** JSON that is safe inside a <script> element: no '<' can close it early. */
const embeddedJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

const STYLE = `
:root{--ink:#353535;--ink-soft:#4a4a4a;--paper:#fff;--paper-warm:#f7f6f2;--mist:#d2d7df;--sand-soft:#e6e4dc;--olive-dark:#65645a;--accent:#c8862a;--accent-dark:#9a6416;--accent-soft:#fbf3e6}
*{box-sizing:border-box}
body{margin:0;background:var(--paper-warm);color:var(--ink);font:16px/1.55 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header,main{max-width:860px;margin:0 auto;padding:24px 16px}
header{padding-bottom:8px}
h1{font-size:28px;line-height:1.2;margin:0 0 4px}
.lead{margin:0;color:var(--olive-dark)}
[role=tablist]{display:flex;flex-wrap:wrap;gap:8px;margin:20px 0 0}
[role=tab]{min-height:44px;padding:8px 16px;border:1px solid var(--mist);border-radius:999px;background:var(--paper);color:var(--ink);font:inherit;font-weight:600;cursor:pointer;display:inline-flex;align-items:center;gap:8px}
[role=tab][aria-selected=true]{background:var(--ink);border-color:var(--ink);color:var(--paper)}
[role=tab] img{width:28px;height:28px;border-radius:50%;object-fit:cover}
[role=tab]:focus-visible,button:focus-visible,a:focus-visible,video:focus-visible,audio:focus-visible{outline:3px solid var(--accent-dark);outline-offset:2px}
.child-line{margin:0 0 16px;color:var(--olive-dark)}
ol{list-style:none;margin:0;padding:0;display:grid;gap:16px}
article{background:var(--paper);border:1px solid var(--sand-soft);border-radius:12px;padding:16px}
article h3{font-size:20px;margin:0 0 4px;overflow-wrap:anywhere}
.meta{margin:0 0 12px;color:var(--olive-dark);font-size:14px}
.badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600;background:var(--accent-soft);color:var(--accent-dark);margin-left:6px}
.badge.open{background:#eef7f0;color:#256a3c}
video,img.photo{display:block;width:100%;max-height:70vh;border-radius:8px;background:#000;object-fit:contain}
img.photo{background:var(--paper-warm)}
audio{width:100%;margin-top:8px}
.transcript{margin:12px 0 0;padding:4px 12px;border:1px solid var(--sand-soft);border-radius:8px;background:var(--paper-warm)}
.transcript summary{min-height:32px}
.transcript p{margin:4px 0;padding:0 4px;border-radius:4px;overflow-wrap:anywhere}
.transcript p.now{background:var(--accent-soft)}
.notes{white-space:pre-wrap;overflow-wrap:anywhere;margin:12px 0 0}
.missing{margin:8px 0 0;color:#b42318;font-size:14px}
details{margin-top:12px}
summary{cursor:pointer;min-height:44px;display:flex;align-items:center;font-weight:600}
.comments{list-style:none;padding:0;margin:0;display:grid;gap:8px}
.comments li{font-size:15px;overflow-wrap:anywhere}
.comments .replies{margin:6px 0 0 20px}
.time{font-variant-numeric:tabular-nums;font-weight:600;margin-right:6px}
button.jump{border:0;background:none;padding:0;color:var(--accent-dark);text-decoration:underline;font:inherit;cursor:pointer;min-height:24px}
.empty{background:var(--paper);border:1px dashed var(--mist);border-radius:12px;padding:24px;text-align:center;color:var(--olive-dark)}
.not-yet{margin:16px 0 0;padding:12px 16px;border:2px solid var(--accent-dark);border-radius:12px;background:var(--accent-soft)}
.not-yet h2{font-size:18px;margin:0 0 4px}
.not-yet p{margin:0}
article.sealed{border:2px solid var(--accent-dark)}
.sealed-mark{display:inline-block;margin:0 0 8px;border-radius:999px;padding:2px 10px;font-size:14px;font-weight:700;background:var(--accent-dark);color:var(--paper)}
footer{max-width:860px;margin:0 auto;padding:8px 16px 40px;color:var(--olive-dark);font-size:14px}
@media (prefers-reduced-motion:no-preference){[role=tab]{transition:background-color .15s,color .15s}}
`;

/** Runs in the unpacked folder through file://: reads the embedded manifest, builds everything with textContent (never HTML from data). */
const SCRIPT = `
(function(){
  var TRANSCRIPT = ${JSON.stringify(TRANSCRIPT_COPY.heading)};
  var data = JSON.parse(document.getElementById("archive-data").textContent);
  var spoken = JSON.parse(document.getElementById("archive-transcripts").textContent);
  var tabs = document.getElementById("tabs");
  var panel = document.getElementById("panel");
  var locale = navigator.language || "en-US";
  function el(tag, attrs, text){ var node = document.createElement(tag); for (var key in attrs || {}) node.setAttribute(key, attrs[key]); if (text != null) node.textContent = text; return node; }
  function day(iso){ try { return new Date(iso).toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric" }); } catch (e) { return iso.slice(0, 10); } }
  function clock(seconds){ var s = Math.max(0, Math.floor(seconds)); return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"); }
  function file(memory, role){ for (var i = 0; i < memory.files.length; i++) if (memory.files[i].role === role) return memory.files[i]; return null; }
  var kinds = { video: "Video", narration: "Narration", note: "Quick note" };
  /** The words beside a voice recording, the caption being said marked as it plays. */
  function transcriptBeside(audio, words){
    var details = el("details", { "class": "transcript", open: "" });
    details.appendChild(el("summary", null, TRANSCRIPT));
    var lines = words.captions.map(function(caption){ return details.appendChild(el("p", null, caption.text)); });
    audio.addEventListener("timeupdate", function(){
      var ms = audio.currentTime * 1000;
      words.captions.forEach(function(caption, i){ lines[i].className = ms >= caption.startMs && ms < caption.endMs ? "now" : ""; });
    });
    return details;
  }
  /** When the memory opened for this child ({ at }), or null while it is locked for them. */
  function openedFor(unlock, child){
    if (!unlock.openedFor) return unlock.opened ? {} : null;
    for (var i = 0; i < unlock.openedFor.length; i++) if (unlock.openedFor[i].childId === child.id) return unlock.openedFor[i];
    return null;
  }
  function lockText(unlock, opened){
    if (opened) return opened.at ? "Opened on " + day(opened.at) : "Opened";
    // Once it opened for another child, opensAt says when that was, not when it opens for this one.
    var opensAt = unlock.opened ? null : unlock.opensAt;
    if (unlock.type === "date" && unlock.date) return "Opens on " + day(unlock.date + "T12:00:00Z");
    if (unlock.type === "age") return "Opens at age " + unlock.age + (opensAt ? " (" + day(opensAt) + ")" : "");
    if (unlock.type === "milestone") return "Opens at a milestone: " + (unlock.milestone || "");
    return unlock.label;
  }
  function memoryCard(memory, child){
    var opened = openedFor(memory.unlock, child);
    // Dad's own archive marks what his child cannot see yet, so that it is not handed over by mistake.
    var sealed = data.scope === "account" && !opened;
    var article = el("article", { "aria-labelledby": "m-" + memory.id });
    if (sealed) article.className = "sealed";
    if (sealed) article.appendChild(el("p", { "class": "sealed-mark" }, "Not opened yet for " + child.name));
    var heading = el("h3", { id: "m-" + memory.id }, memory.title);
    article.appendChild(heading);
    var meta = el("p", { "class": "meta" }, kinds[memory.kind] + " · " + day(memory.createdAt));
    var badge = el("span", { "class": "badge" + (opened ? " open" : "") }, lockText(memory.unlock, opened));
    meta.appendChild(badge);
    article.appendChild(meta);
    var video = file(memory, "video"), thumb = file(memory, "thumbnail"), photo = file(memory, "photo"), voice = file(memory, "voice");
    var player = null, words = spoken[memory.id];
    if (video && video.status === "stored") {
      player = el("video", { controls: "", preload: "metadata", playsinline: "", src: video.path, "aria-label": "Video: " + memory.title });
      if (thumb && thumb.status === "stored") player.setAttribute("poster", thumb.path);
      // The captions go in as data: the browser would refuse captions.vtt beside the page through file://.
      if (words) player.appendChild(el("track", { kind: "captions", srclang: "en", label: "English", "default": "", src: "data:text/vtt;charset=utf-8," + encodeURIComponent(words.vtt) }));
      article.appendChild(player);
    }
    if (photo && photo.status === "stored") article.appendChild(el("img", { "class": "photo", src: photo.path, alt: "Photo for " + memory.title }));
    if (voice && voice.status === "stored") {
      var audio = article.appendChild(el("audio", { controls: "", preload: "metadata", src: voice.path, "aria-label": "Voice: " + memory.title }));
      if (words) article.appendChild(transcriptBeside(audio, words));
    }
    if (memory.notes) article.appendChild(el("p", { "class": "notes" }, memory.notes));
    memory.files.forEach(function(f){ if (f.status === "missing") article.appendChild(el("p", { "class": "missing" }, "A file of this memory (" + f.role + ") could not be included: it was missing when the archive was made.")); });
    if (memory.comments.length) {
      var details = el("details"); details.appendChild(el("summary", null, "Comments (" + memory.comments.length + ")"));
      var list = el("ul", { "class": "comments" });
      memory.comments.forEach(function(comment){
        var item = el("li");
        var jump = el("button", { type: "button", "class": "jump time", "aria-label": "Play from " + clock(comment.timeSeconds) }, clock(comment.timeSeconds));
        jump.addEventListener("click", function(){ if (player) { player.currentTime = comment.timeSeconds; player.play(); } });
        item.appendChild(jump); item.appendChild(document.createTextNode(comment.author + ": " + comment.content));
        if (comment.replies.length) { var replies = el("ul", { "class": "comments replies" }); comment.replies.forEach(function(reply){ replies.appendChild(el("li", null, reply.author + ": " + reply.content)); }); item.appendChild(replies); }
        list.appendChild(item);
      });
      details.appendChild(list); article.appendChild(details);
    }
    return article;
  }
  function show(index){
    var child = data.children[index];
    Array.prototype.forEach.call(tabs.children, function(tab, i){ tab.setAttribute("aria-selected", String(i === index)); tab.tabIndex = i === index ? 0 : -1; });
    panel.setAttribute("aria-labelledby", "tab-" + index);
    panel.textContent = "";
    var mine = data.memories.filter(function(memory){ return memory.childIds.indexOf(child.id) >= 0; });
    panel.appendChild(el("p", { "class": "child-line" }, "Born " + day(child.birthdate + "T12:00:00Z") + " · " + mine.length + (mine.length === 1 ? " memory" : " memories")));
    if (!mine.length) { panel.appendChild(el("p", { "class": "empty" }, "No memories for " + child.name + " in this archive.")); return; }
    var list = el("ol");
    mine.forEach(function(memory){ var li = el("li"); li.appendChild(memoryCard(memory, child)); list.appendChild(li); });
    panel.appendChild(list);
  }
  if (!data.children.length) { panel.appendChild(el("p", { "class": "empty" }, "This archive has no children or memories in it yet.")); return; }
  data.children.forEach(function(child, i){
    var tab = el("button", { role: "tab", type: "button", id: "tab-" + i, "aria-controls": "panel" });
    if (child.photo && child.photo.status === "stored") tab.appendChild(el("img", { src: child.photo.path, alt: "" }));
    tab.appendChild(document.createTextNode(child.name));
    tab.addEventListener("click", function(){ show(i); });
    tab.addEventListener("keydown", function(event){
      var next = event.key === "ArrowRight" ? i + 1 : event.key === "ArrowLeft" ? i - 1 : event.key === "Home" ? 0 : event.key === "End" ? data.children.length - 1 : null;
      if (next === null) return;
      event.preventDefault(); next = (next + data.children.length) % data.children.length; show(next); tabs.children[next].focus();
    });
    tabs.appendChild(tab);
  });
  show(0);
})();
`;

/** Dad's own archive opens by saying it holds messages his children cannot see yet (when it does), before anything else. */
function notYetNotice(manifest: ArchiveManifest) {
  if (manifest.scope !== "account") return "";
  const count = manifest.memories.filter(notOpenedForAll).length;
  if (count === 0) return "";
  const what = count === 1 ? "1 message here has not opened yet for your children; it is marked" : `${count} messages here have not opened yet for your children, each marked`;
  return `<section class="not-yet" aria-labelledby="not-yet-title">
<h2 id="not-yet-title">Not for the children yet</h2>
<p>${what} &ldquo;Not opened yet&rdquo;. Keep this copy to yourself: a child's own copy, with only what has opened for them, is &lsquo;Download all&rsquo; on their page.</p>
</section>
`;
}

/** index.html: an offline player for the unpacked folder (file://, no network), the manifest embedded in it. */
export function renderPlayer(manifest: ArchiveManifest, transcripts: PlayerTranscripts) {
  const made = manifest.createdAt.slice(0, 10);
  const title = escapeHtml(manifest.scope === "child" && manifest.children[0] ? `${manifest.children[0].name}'s memories` : "Memories from Dad");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file:; media-src 'self' file: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${title}</h1>
<p class="lead">Saved from ${PRODUCT_NAME} on ${made}. Everything here plays from this folder, with no internet connection.</p>
${notYetNotice(manifest)}<div role="tablist" id="tabs" aria-label="Children"></div>
</header>
<main id="panel" role="tabpanel" tabindex="0"></main>
<footer>The files themselves are in the media folder; memories.json lists every one, with its SHA-256 checksum, and SHA256SUMS lets a checksum tool check them all. README.txt explains it all.</footer>
<script type="application/json" id="archive-data">${embeddedJson(manifest)}</script>
<script type="application/json" id="archive-transcripts">${embeddedJson(transcripts)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
