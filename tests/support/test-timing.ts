/**
 * The waits every test app and app process starts with (a test's own env overrides them): a failed job is retried
 * after 1 s, the schedules are looked at every second, and a stopped embedded PostgreSQL is tried seven times within
 * about 12 s (30 s in production) before the app gives up, past the 10 s in which a test expects it back.
 * Production keeps its own values (config.ts and the modules).
 * Transcripts are off unless a test turns them on (TRANSCRIBER=pocketsphinx): the job would add a captions file to
 * every memory saved with a voice, racing the tests that read a memory's files, and load the machine for nothing.
 * A password is hashed with scrypt once per app (PASSWORD_HASH_MEMO): the fixtures' sign-ups and sign-ins with the
 * one test password cost two scrypts each, about 0.2 s of a core per dad, proving nothing after the first.
 */
export const TEST_TIMING_ENV = {
  JOB_RETRY_DELAY_SECONDS: "1",
  SCHEDULE_CHECK_SECONDS: "1",
  EMBEDDED_POSTGRES_RESTART_DELAYS_MS: "100,250,500,1000,2000,4000,4000",
  TRANSCRIBER: "off",
  PASSWORD_HASH_MEMO: "on",
};
