import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { RECORD_BRIDGE_STORAGE_KEY, recordBridgeSchema } from "../../../../shared/pocket-dad";
import type { VideoBridge } from "./video-tab";

/**
 * The plan Pocket Dad hands to the video record screen ('Record a message for later'): from the
 * navigation state, or from sessionStorage after a reload. Both are cleared once read (spec: the
 * bridge is then cleared from state), so Back or a reload does not fill the form again.
 */
export function useRecordBridge(): VideoBridge | undefined {
  const location = useLocation();
  const navigate = useNavigate();
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
  const carriesBridge = Boolean((location.state as { pocketDadBridge?: unknown } | null)?.pocketDadBridge);
  useEffect(() => {
    if (carriesBridge) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [carriesBridge, navigate, location.pathname, location.search]);
  return bridge;
}
