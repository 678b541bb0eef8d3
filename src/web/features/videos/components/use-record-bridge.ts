import { useState } from "react";
import { useLocation } from "react-router";
import { RECORD_BRIDGE_STORAGE_KEY, recordBridgeSchema } from "../../../../shared/pocket-dad";
import type { VideoBridge } from "./video-tab";

/**
 * The plan Pocket Dad hands to the video record screen ('Record a message for later'): from the
 * navigation state, or from sessionStorage after a reload. The stored copy is removed once read.
 */
export function useRecordBridge(): VideoBridge | undefined {
  const location = useLocation();
  const [bridge] = useState(() => {
    const fromState = recordBridgeSchema.safeParse((location.state as { pocketDadBridge?: unknown } | null)?.pocketDadBridge);
    let stored: unknown;
    try {
      stored = JSON.parse(window.sessionStorage.getItem(RECORD_BRIDGE_STORAGE_KEY) ?? "null");
      window.sessionStorage.removeItem(RECORD_BRIDGE_STORAGE_KEY);
    } catch {
      stored = null;
    }
    const parsed = fromState.success ? fromState : recordBridgeSchema.safeParse(stored);
    return parsed.success ? parsed.data : undefined;
  });
  return bridge;
}
