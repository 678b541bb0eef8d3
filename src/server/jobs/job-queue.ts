import PgBoss from "pg-boss";
import { z } from "zod";

/**
 * A queue as its senders know it: its name, payload schema and retry policy. A module declares it at the top of its
 * `<module>.jobs.ts`, so the usecases that send to it and the handler that works it both refer to something declared
 * before them.
 */
export type JobQueueDeclaration<Schema extends z.ZodType> = {
  name: string;
  schema: Schema;
  retryLimit?: number;
  /**
   * How many of the queue's jobs a node takes at once (1 unless set). They are handled one after another, and each
   * still completes, or fails and is retried, on its own. A queue that fills in bursts (family deliveries, emails)
   * sets it: a worker that took a full batch takes the next at once instead of waiting for its next look.
   * One after another, not side by side: a delivery holds a transaction and reads through a second connection, and
   * side by side a burst could hold every connection of the pool and wait on itself.
   */
  batchSize?: number;
  /**
   * A heavy job (a video's processing, an archive build) takes minutes of CPU: only worker nodes work it (APP_ROLE
   * `worker` or `all`), so it never slows a web node's answers. While it runs, its node renews its lease every quarter
   * of JOB_LEASE_SECONDS; a node that dies stops renewing, and the job is run again elsewhere once the lease lapses.
   */
  heavy?: boolean;
};

/** A queue with the handler that works it (registered once the module's usecases exist). */
export type JobDefinition<Schema extends z.ZodType> = {
  name: string;
  schema: Schema;
  retryLimit?: number;
  batchSize?: number;
  heavy?: boolean;
  handle: (payload: z.infer<Schema>) => Promise<void>;
  /** Called once the job has failed for good (its last retry failed), to record that where people see it. */
  onFailedForGood?: (payload: z.infer<Schema>) => Promise<void>;
};

/** A sweep run on a cron schedule (UTC) with no payload, safe to run again: pg-boss makes sure one node sends each run. */
export type CronJob = { name: string; cron: string; retryLimit?: number; run: () => Promise<unknown> };

/** A cron job's runs carry no payload (pg-boss may add fields of its own). */
const cronPayload = z.object({}).passthrough();

export type JobQueue = {
  send: <Schema extends z.ZodType>(job: JobQueueDeclaration<Schema>, payload: z.infer<Schema>, options?: { singletonKey?: string; startAfter?: Date }) => Promise<void>;
  register: (jobs: JobDefinition<z.ZodType>[]) => Promise<void>;
  /** Works a cron job on this node and puts it on its schedule (a node that takes no light jobs does neither). */
  schedule: (job: CronJob) => Promise<void>;
  stop: () => Promise<void>;
  /** Deletes every job, queued, done or archived, whose payload contains one of `values` (account deletion forgets the user). */
  deleteJobsNaming: (values: string[]) => Promise<number>;
  boss: PgBoss;
};

/** pg-boss's tables (its default schema). */
const SCHEMA = "pgboss";
/**
 * How often an idle worker looks for new jobs. A send on this node wakes it at once, and a retry or a job sent to start
 * within WAKE_AHEAD_MS wakes it when due, so the interval matters only for jobs sent by another node, a schedule's runs
 * and expired jobs handed on.
 */
const POLL_SECONDS = 0.5;
/** A job due within this (a retry, a send with `startAfter`) wakes this node's idle worker when it is due. */
const WAKE_AHEAD_MS = 60_000;
/** Before a failed job's first retry (doubled on each further one). */
const RETRY_DELAY_SECONDS = 5;
/** Between two looks at the schedules (pg-boss's default): a scheduled run starts within this of its minute. */
const SCHEDULE_CHECK_SECONDS = 30;
/** How often a firing of a schedule is turned into its job (pg-boss's default), or as often as the schedules are looked at. */
const SCHEDULE_HANDOVER_SECONDS = 5;
/**
 * Waits between tries at recording a job's outcome (completed, failed) while the database does not answer (a restart):
 * the last wait repeats until it lands, so a job that ran is not run again only because the database was away.
 */
const RECORD_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000, 15000];
/**
 * A heavy job's lease: unrenewed for this long (its node died mid-job), the job is failed and retried on another node.
 * pg-boss 10 has no heartbeat, so the lease is the job's own expiry, pushed forward while the job runs.
 */
const LEASE_SECONDS = 30;
/** The longest a heavy job may run however often its lease is renewed (pg-boss's default expiry, which applied before). */
const HEAVY_JOB_MAX_SECONDS = 15 * 60;
/** How long `stop()` waits for the jobs in hand; those still running then are failed, so they are retried at once. */
const STOP_TIMEOUT_MS = 10_000;

/** The queue's waits (tests shorten them); unset, the production values above. */
export type JobTiming = { pollSeconds?: number; retryDelaySeconds?: number; scheduleCheckSeconds?: number; leaseSeconds?: number };

/** Which jobs this node works (APP_ROLE): web nodes the light ones, worker nodes the heavy ones, `all` both. */
export type JobsTaken = { light: boolean; heavy: boolean };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The job queue lives inside PostgreSQL (pg-boss), so any app node can send and work jobs.
 *
 * The workers are ours, not pg-boss's `work()`: pg-boss records a job's outcome without waiting for it, so a database
 * restart while a job finished made that promise reject with nobody listening, which ended the process. Here every
 * outcome is awaited and tried again until the database answers.
 */
export async function startJobQueue(options: { url: string; log: (message: string) => void; timing?: JobTiming; takes?: JobsTaken }): Promise<JobQueue> {
  const { log } = options;
  const takes = options.takes ?? { light: true, heavy: true };
  const leaseSeconds = options.timing?.leaseSeconds ?? LEASE_SECONDS;
  const scheduleCheckSeconds = options.timing?.scheduleCheckSeconds ?? SCHEDULE_CHECK_SECONDS;
  const retryDelaySeconds = options.timing?.retryDelaySeconds ?? RETRY_DELAY_SECONDS;
  const pollMs = (options.timing?.pollSeconds ?? POLL_SECONDS) * 1000;
  const boss = new PgBoss({
    connectionString: options.url,
    max: 4,
    schema: SCHEMA,
    cronMonitorIntervalSeconds: scheduleCheckSeconds,
    cronWorkerIntervalSeconds: Math.min(SCHEDULE_HANDOVER_SECONDS, scheduleCheckSeconds),
    // Schedules are light work: a worker node neither keeps them nor sends their runs.
    schedule: takes.light,
    // Expired jobs are failed (and so retried) by this sweep, which one node runs at a time: every half lease, a heavy
    // job whose node died is retried within one and a half leases (45 s in production) plus its retry delay.
    maintenanceIntervalSeconds: Math.max(1, Math.ceil(leaseSeconds / 2)),
  });
  boss.on("error", (error) => log(`job queue: ${error.message}`));
  await boss.start();
  const created = new Set<string>();
  const workers: Promise<void>[] = [];
  const inHand = new Map<string, string>();
  let stopping = false;

  /** Waits `ms`, or less when the queue stops (or, for a worker idle on `queue`, when a job is sent to it here). */
  const wakeUps = new Set<() => void>();
  /** This node's idle worker of each queue, woken after a send so the job starts now rather than at its next look. */
  const idleWorkers = new Map<string, () => void>();
  /** Queues sent to here while their worker was fetching or working: it looks again at once rather than pausing. */
  const sentWhileBusy = new Set<string>();
  const wake = (queue: string) => {
    const idle = idleWorkers.get(queue);
    if (idle) idle();
    else sentWhileBusy.add(queue);
  };
  /** Timers that wake a queue's worker when a job of it comes due (cleared when the queue stops). */
  const dueWakes = new Set<NodeJS.Timeout>();
  const wakeWhenDue = (queue: string, inMs: number) => {
    if (stopping || !(inMs <= WAKE_AHEAD_MS)) return;
    const timer = setTimeout(() => {
      dueWakes.delete(timer);
      wake(queue);
    }, Math.max(0, inMs));
    timer.unref();
    dueWakes.add(timer);
  };
  const pause = (ms: number, queue?: string) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUps.delete(done);
        if (queue && idleWorkers.get(queue) === done) idleWorkers.delete(queue);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeUps.add(done);
      if (queue) idleWorkers.set(queue, done);
    });

  /**
   * Creates the job's queue once. Two nodes starting on a new database create the same queues at the same moment, and
   * PostgreSQL may then end one of the two transactions as a deadlock (40P01): that one is simply tried again.
   */
  async function ensureQueue(job: JobQueueDeclaration<z.ZodType>) {
    if (created.has(job.name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(job.name, { name: job.name, retryLimit: job.retryLimit ?? 5, retryDelay: retryDelaySeconds, retryBackoff: true });
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
    created.add(job.name);
  }

  /**
   * Writes a job's outcome, trying again while the database does not answer. Given up only when the queue stops: the job
   * then stays active until it expires and runs again, which every handler tolerates (they are idempotent).
   */
  async function record(what: string, write: () => Promise<unknown>) {
    for (let attempt = 0; ; attempt++) {
      try {
        await write();
        if (attempt > 0) log(`job queue: recorded ${what} after ${attempt + 1} tries`);
        return;
      } catch (error) {
        if (attempt === 0) log(`job queue: could not record ${what} (${reasonOf(error)}); trying again until the database answers`);
        if (stopping) return log(`job queue: stopped before recording ${what}; it runs again when it expires`);
        await pause(RECORD_RETRY_DELAYS_MS[Math.min(attempt, RECORD_RETRY_DELAYS_MS.length - 1)]!);
      }
    }
  }

  /**
   * Pushes a running heavy job's expiry to `leaseSeconds` from now. A write that fails (the database away) is tried at
   * the next renewal; a job no longer active here was expired and handed on, which the log says.
   */
  async function renewLease(job: JobDefinition<z.ZodType>, id: string) {
    const renewed = await boss
      .getDb()
      .executeSql(`UPDATE ${SCHEMA}.job SET expire_in = (now() - started_on) + $3 * interval '1 second' WHERE name = $1 AND id = $2 AND state = 'active' RETURNING 1`, [job.name, id, leaseSeconds])
      .catch((error: unknown) => log(`job queue: could not renew the lease of ${job.name} job ${id}: ${reasonOf(error)}`));
    if (renewed && renewed.rows.length === 0) log(`job queue: ${job.name} job ${id} lost its lease (it is no longer active here)`);
  }

  /** Wakes this node's worker when a failed job's retry is due (pg-boss set its start, with a random share of back-off). */
  async function wakeForRetry(queue: string, id: string) {
    const due = await boss
      .getDb()
      .executeSql(`SELECT (extract(epoch FROM start_after - now()) * 1000)::int AS ms FROM ${SCHEMA}.job WHERE name = $1 AND id = $2 AND state = 'retry'`, [queue, id])
      .catch(() => undefined);
    const ms = (due?.rows[0] as { ms?: number } | undefined)?.ms;
    if (typeof ms === "number") wakeWhenDue(queue, ms);
  }

  /**
   * Runs one job to its end; a job still running when it expires is failed (and retried) as pg-boss's own workers did.
   * A heavy job holds a lease instead, renewed while it runs, and expires only past HEAVY_JOB_MAX_SECONDS.
   */
  async function runOne(job: JobDefinition<z.ZodType>, one: PgBoss.JobWithMetadata) {
    inHand.set(one.id, job.name);
    let expiry: NodeJS.Timeout | undefined;
    let lease: NodeJS.Timeout | undefined;
    const parsed = job.schema.safeParse(one.data);
    try {
      const runSeconds = job.heavy ? HEAVY_JOB_MAX_SECONDS : one.expireInSeconds;
      if (job.heavy) {
        await renewLease(job, one.id);
        lease = setInterval(() => void renewLease(job, one.id), (leaseSeconds * 1000) / 4);
      }
      const expired = new Promise<never>((_, reject) => {
        expiry = setTimeout(() => reject(new Error(`still running after ${runSeconds} s (expired)`)), runSeconds * 1000);
      });
      if (!parsed.success) throw parsed.error;
      await Promise.race([job.handle(parsed.data), expired]);
    } catch (error) {
      await record(`the failure of ${job.name} job ${one.id}`, () => boss.fail(job.name, one.id, error as object));
      if (one.retryCount < one.retryLimit) return void (await wakeForRetry(job.name, one.id));
      log(`job failed for good: queue ${job.name}, id ${one.id}, after ${one.retryCount + 1} tries: ${reasonOf(error)}`);
      const { onFailedForGood } = job;
      if (onFailedForGood && parsed.success) await record(`the end of ${job.name} job ${one.id}`, () => onFailedForGood(parsed.data));
      return;
    } finally {
      clearTimeout(expiry);
      clearInterval(lease);
      inHand.delete(one.id);
    }
    await record(`${job.name} job ${one.id} as completed`, () => boss.complete(job.name, one.id));
  }

  /** Creates each job's queue (any node may send to it) and works it here if this node takes its kind. */
  async function register(jobs: JobDefinition<z.ZodType>[]) {
    for (const job of jobs) {
      await ensureQueue(job);
      if (job.heavy ? takes.heavy : takes.light) workers.push(work(job));
    }
  }

  /**
   * Takes up to `batchSize` jobs at a time and runs them one after another; a full batch means more may be waiting, so
   * it looks again at once instead of after the polling interval.
   */
  async function work(job: JobDefinition<z.ZodType>) {
    const batchSize = job.batchSize ?? 1;
    while (!stopping) {
      // pg-boss's fetch answers [] when the database does not: the worker simply looks again later.
      const received = await boss.fetch<object>(job.name, { batchSize, includeMetadata: true }).catch((error: unknown) => {
        log(`job queue: could not fetch ${job.name} jobs: ${reasonOf(error)}`);
        return [];
      });
      for (const one of received) await runOne(job, one);
      if (received.length < batchSize && !sentWhileBusy.delete(job.name)) await pause(pollMs, job.name);
    }
  }

  return {
    boss,
    async send(job, payload, sendOptions) {
      await ensureQueue(job as JobQueueDeclaration<z.ZodType>);
      await boss.send(job.name, job.schema.parse(payload) as object, { ...sendOptions, ...(job.heavy ? { expireInSeconds: leaseSeconds } : {}) });
      const dueInMs = sendOptions?.startAfter ? sendOptions.startAfter.getTime() - Date.now() : 0;
      if (dueInMs > 0) wakeWhenDue(job.name, dueInMs);
      else wake(job.name);
    },
    register,
    async schedule(job) {
      if (!takes.light) return;
      await register([{ name: job.name, schema: cronPayload, retryLimit: job.retryLimit ?? 3, handle: async () => void (await job.run()) }]);
      await boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
    },
    async stop() {
      stopping = true;
      for (const timer of dueWakes) clearTimeout(timer);
      dueWakes.clear();
      for (const wakeUp of [...wakeUps]) wakeUp();
      await Promise.race([Promise.all(workers), pause(STOP_TIMEOUT_MS)]);
      for (const wakeUp of [...wakeUps]) wakeUp();
      for (const [id, name] of inHand) await boss.fail(name, id, { message: "the app stopped while the job was running" }).catch(() => {});
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    },
    async deleteJobsNaming(values) {
      const needles = values.filter(Boolean).map((value) => value.toLowerCase());
      if (needles.length === 0) return 0;
      let deleted = 0;
      for (const table of ["job", "archive"]) {
        const { rows } = await boss
          .getDb()
          .executeSql(`WITH gone AS (DELETE FROM ${SCHEMA}.${table} WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS needle WHERE strpos(lower(data::text), needle) > 0) RETURNING 1) SELECT count(*)::int AS n FROM gone`, [needles]);
        deleted += rows[0]?.n ?? 0;
      }
      return deleted;
    },
  };
}
