// @vitest-environment jsdom
import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useRecordingGuard } from "./use-recording-guard";

/** jsdom has neither MediaRecorder nor the Screen Wake Lock API: the browser's parts the hook talks to, as it sees them. */
function browserParts() {
  const release = vi.fn(() => Promise.resolve());
  const request = vi.fn(() => Promise.resolve({ release }));
  Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
  const recorder = { state: "recording", requestData: vi.fn() } as unknown as MediaRecorder;
  return { request, release, recorder: { current: recorder } };
}

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

afterEach(() => {
  setVisibility("visible");
  Reflect.deleteProperty(navigator, "wakeLock");
});

describe("useRecordingGuard", () => {
  it("keeps the screen awake while recording, takes the lock again when the page comes back, and lets it go at the end", async () => {
    const { request, release, recorder } = browserParts();
    const { rerender } = renderHook(({ recording }) => useRecordingGuard(recorder, recording), { initialProps: { recording: true } });
    await waitFor(() => expect(request).toHaveBeenCalledWith("screen"));
    setVisibility("hidden");
    setVisibility("visible");
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    rerender({ recording: false });
    await waitFor(() => expect(release).toHaveBeenCalled());
  });

  it("hands over what the recorder holds the moment the page is hidden (screen locked, another app)", () => {
    const { recorder } = browserParts();
    renderHook(() => useRecordingGuard(recorder, true));
    expect(recorder.current.requestData).not.toHaveBeenCalled();
    setVisibility("hidden");
    expect(recorder.current.requestData).toHaveBeenCalledTimes(1);
  });

  it("asks for nothing when not recording", () => {
    const { request, recorder } = browserParts();
    renderHook(() => useRecordingGuard(recorder, false));
    setVisibility("hidden");
    expect(request).not.toHaveBeenCalled();
    expect(recorder.current.requestData).not.toHaveBeenCalled();
  });
});
