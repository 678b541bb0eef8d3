import { execFileSync } from "node:child_process";

/**
 * What ffprobe and ffmpeg read of a video file, for tests and the bench alike (nothing here belongs to a test run, so
 * the bench imports it without vitest).
 */

/** The size a player shows a file's video at: its frame size, turned by its display matrix. */
export function displayedSize(file: string) {
  const output = execFileSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_streams", "-of", "json", file]).toString();
  const [stream] = (JSON.parse(output) as { streams: Array<{ width: number; height: number; side_data_list?: Array<{ rotation?: number }> }> }).streams;
  if (!stream) throw new Error("no video stream");
  const rotation = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? 0;
  return Math.abs(rotation) % 180 === 90 ? { width: stream.height, height: stream.width } : { width: stream.width, height: stream.height };
}

/** The md5 of a file's video packets: equal for a remux, different after a re-encode. */
export function videoPacketsMd5(file: string) {
  return execFileSync("ffmpeg", ["-v", "error", "-i", file, "-map", "0:v:0", "-c", "copy", "-f", "md5", "-"]).toString().trim();
}

/**
 * A file's video frames (packets) and the time its last frame ends, read packet by packet, so a header without a duration
 * does not matter; `stream: "a:0"` reads its sound instead (a voice recording).
 */
export function videoFrames(file: string, stream: "v:0" | "a:0" = "v:0") {
  const output = execFileSync("ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries", "packet=pts_time,duration_time", "-of", "json", file], { maxBuffer: 64 * 1024 * 1024 }).toString();
  const packets = (JSON.parse(output) as { packets: Array<{ pts_time: string; duration_time?: string }> }).packets;
  const starts = packets.map((packet) => Number(packet.pts_time));
  const ends = packets.map((packet) => Number(packet.pts_time) + (Number(packet.duration_time) || 0));
  // No packet at all holds no time (Math.max of nothing is -Infinity).
  return { count: packets.length, seconds: packets.length === 0 ? 0 : Math.max(...ends) - Math.min(...starts) };
}
