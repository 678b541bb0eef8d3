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
 * An idle worker looks for new jobs every 5 s, not every 0.5 s: a job sent by the app itself wakes its worker at once, and
 * a retry or a job sent to start later wakes it when due, so only a job sent by another node waits for a look (a test
 * of several nodes says CROSS_NODE_JOBS_ENV). Looking every 0.5 s in its 16 queues cost an idle test app 0.74 CPU-s a
 * half-minute, and its PostgreSQL backends as much again.
 */
export const TEST_TIMING_ENV = {
  JOB_RETRY_DELAY_SECONDS: "1",
  JOB_POLL_SECONDS: "5",
  EMBEDDED_POSTGRES_RESTART_DELAYS_MS: "100,250,500,1000,2000,4000,4000",
  TRANSCRIBER: "off",
  PASSWORD_HASH_MEMO: "on",
};

/** For a node that works jobs another node sends (a worker beside a web node): it looks for them every half-second, as in production. */
export const CROSS_NODE_JOBS_ENV = { JOB_POLL_SECONDS: "0.5" };

/**
 * For a test that watches the schedules fire: they are looked at every second, a firing is handed over within it, and
 * the run it sends (not through the app's own send, so no worker is woken) is found within the half-second look.
 */
export const FAST_SCHEDULES_ENV = { SCHEDULE_CHECK_SECONDS: "1", ...CROSS_NODE_JOBS_ENV };
