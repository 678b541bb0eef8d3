/**
 * The waits every test app and app process starts with (a test's own env overrides them): a failed job is retried
 * after 1 s, and a stopped embedded PostgreSQL is tried seven times within about 12 s (30 s in production) before the
 * app gives up, past the 10 s in which a test expects it back. Production keeps its own values (config.ts and the
 * modules).
 * The schedules are looked at every 30 s, as in production: each look evaluates every cron expression in UTC
 * (cron-parser over luxon), and looking every second cost an idle test app about 0.6 of its 1.4 CPU-seconds a
 * half-minute, while no schedule fires within a test's minute except where a test makes it (FAST_SCHEDULES_ENV).
 * Transcripts are off unless a test turns them on (TRANSCRIBER=pocketsphinx): the job would add a captions file to
 * every memory saved with a voice, racing the tests that read a memory's files, and load the machine for nothing.
 * A password is hashed with scrypt once per app (PASSWORD_HASH_MEMO): the fixtures' sign-ups and sign-ins with the
 * one test password cost two scrypts each, about 0.2 s of a core per dad, proving nothing after the first.
 */
export const TEST_TIMING_ENV = {
  JOB_RETRY_DELAY_SECONDS: "1",
  EMBEDDED_POSTGRES_RESTART_DELAYS_MS: "100,250,500,1000,2000,4000,4000",
  TRANSCRIBER: "off",
  PASSWORD_HASH_MEMO: "on",
};

/** For a test that watches the schedules fire: they are looked at every second, and a firing is handed over within it. */
export const FAST_SCHEDULES_ENV = { SCHEDULE_CHECK_SECONDS: "1" };
