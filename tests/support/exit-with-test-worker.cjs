// Preloaded into every app process a test starts (app-process.ts): when the test worker that started it is gone
// however it ended (a timeout, a crash, a kill), the IPC channel closes and the app shuts down as on SIGTERM,
// so no server outlives its test file to poll the queue and hold database connections.
if (process.channel) {
  process.channel.unref();
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
