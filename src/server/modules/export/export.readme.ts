import { ARCHIVE_MANIFEST_VERSION } from "../../../shared/export";
import { PRODUCT_NAME } from "../../../shared/product";

/** Dad's own archive holds what has not opened yet for his children: it says so, so that it is not handed to them. */
const NOT_OPENED_WARNING = `

This copy is Dad's own: it also holds the messages that have not opened yet
for the children, and index.html marks them "Not opened yet". Keep it to
yourself. A child's own copy, with only what has opened for them, is
'Download all' on their page.`;

/** README.txt: what is inside and how to open it in ten years, in plain words. */
export function renderReadme(input: { scope: "account" | "child"; createdAt: Date; notOpenedYet: number }) {
  const made = input.createdAt.toISOString().slice(0, 10);
  const whose =
    input.scope === "child"
      ? "the memories a father recorded for his child, the ones that have opened so far"
      : "every memory a father recorded for his children";
  return `MEMORIES FROM ${PRODUCT_NAME.toUpperCase()}
Saved on ${made}

This folder holds ${whose}:
videos, voice recordings, photos and written notes, saved from ${PRODUCT_NAME}.
Nothing here needs ${PRODUCT_NAME}, an account or the internet to open.


HOW TO OPEN IT

1. Unzip this file first (on most computers: double-click it, or right-click
   and choose "Extract all"). Keep all the files together in one folder.
2. Double-click index.html. It opens in your web browser (Chrome, Firefox,
   Safari, Edge or any other) and shows each child's memories, newest first.
   Press play on any video or recording.

If index.html ever stops working, every file is still in the media folder
and opens on its own:
  - videos are MP4 files (H.264 video, AAC sound), which almost any video
    player can play;
  - thumbnails and photos are JPEG, PNG or other common picture files;
  - voice recordings are M4A, WebM or WAV sound files;
  - what is said in a recording is beside it: transcript.txt (the words,
    plain text) and captions.vtt (the same words with their times, WebVTT
    captions, which most video players can show).


WHAT IS INSIDE

  README.txt     this letter
  index.html     a page that plays everything, with no internet connection
  SHA256SUMS     the checksum of every other file, to check the copy
  memories.json  a list of everything: each child with their birth date,
                 and each memory with its kind, title, notes, dates, the
                 children it is for, for which of them it has opened and
                 when ("openedFor"), when it opens, its files, and
                 the transcript of its recording ("transcript")
  media/         one folder per memory, named by date and title
  children/      each child's photo

A memory made for several children is saved once and shown for each of them.

Some memories were set to open later: on a date, at an age, or at a
milestone. memories.json and index.html say which ones had opened on the day
this archive was made, for which child and when, and when the others open.
A memory that has opened stays open, even if its date was changed later or
it was released early. They are all here.${input.scope === "account" && input.notOpenedYet > 0 ? NOT_OPENED_WARNING : ""}

If a file could not be found when the archive was made, memories.json lists
it as "missing" and index.html says so under that memory.


CHECKING THE FILES

memories.json (format "hey-dad-archive", version ${ARCHIVE_MANIFEST_VERSION}) gives each file's size
in bytes and its SHA-256 checksum, and SHA256SUMS lists the checksum of
every file in the folder. In the unpacked folder, "sha256sum -c SHA256SUMS"
(Linux, or "shasum -a 256 -c SHA256SUMS" on a Mac) checks them all and says
OK for each file that is exactly as it was saved. On Windows,
certutil -hashfile <file> SHA256 shows one file's checksum.

Keep a copy in more than one place: a computer, an external drive, a cloud
folder. Copy it to new storage every few years.
`;
}
