import PgBoss from "pg-boss";
import type { z } from "zod";

export type JobDefinition<Schema extends z.ZodType> = {
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
  handle: (payload: z.infer<Schema>) => Promise<void>;
};

export type JobQueue = {
  send: <Schema extends z.ZodType>(job: JobDefinition<Schema>, payload: z.infer<Schema>, options?: { singletonKey?: string; startAfter?: Date }) => Promise<void>;
  register: (jobs: JobDefinition<z.ZodType>[]) => Promise<void>;
  /** Runs a registered job on a cron schedule (UTC); pg-boss makes sure one node sends each run. */
  schedule: <Schema extends z.ZodType>(job: JobDefinition<Schema>, cron: string, payload: z.infer<Schema>) => Promise<void>;
  stop: () => Promise<void>;
  /** Deletes every job, queued, done or archived, whose payload contains one of `values` (account deletion forgets the user). */
  deleteJobsNaming: (values: string[]) => Promise<number>;
  boss: PgBoss;
};

/** pg-boss's tables (its default schema). */
const SCHEMA = "pgboss";
/** How often an idle worker looks for new jobs (pg-boss's shortest interval); a send on this node wakes it at once. */
const POLL_SECONDS = 0.5;
/** Before a failed job's first retry (doubled on each further one). */
const RETRY_DELAY_SECONDS = 5;
/** Between two looks at the schedules (pg-boss's default): a scheduled run starts within this of its minute. */
const SCHEDULE_CHECK_SECONDS = 30;
/** How often a firing of a schedule is turned into its job (pg-boss's default), or as often as the schedules are looked at. */
const SCHEDULE_HANDOVER_SECONDS = 5;

/** The queue's waits (tests shorten them); unset, the production values above. */
export type JobTiming = { pollSeconds?: number; retryDelaySeconds?: number; scheduleCheckSeconds?: number };

/** The job queue lives inside PostgreSQL (pg-boss), so any app node can send and work jobs. */
export async function startJobQueue(options: { url: string; log: (message: string) => void; timing?: JobTiming }): Promise<JobQueue> {
  const scheduleCheckSeconds = options.timing?.scheduleCheckSeconds ?? SCHEDULE_CHECK_SECONDS;
  const retryDelaySeconds = options.timing?.retryDelaySeconds ?? RETRY_DELAY_SECONDS;
  const pollingIntervalSeconds = options.timing?.pollSeconds ?? POLL_SECONDS;
  const boss = new PgBoss({
    connectionString: options.url,
    max: 4,
    schema: SCHEMA,
    cronMonitorIntervalSeconds: scheduleCheckSeconds,
    cronWorkerIntervalSeconds: Math.min(SCHEDULE_HANDOVER_SECONDS, scheduleCheckSeconds),
  });
  boss.on("error", (error) => options.log(`job queue: ${error.message}`));
  await boss.start();
  const created = new Set<string>();
  /** This node's worker of each queue, woken after a send so the job starts now rather than at its next look. */
  const workers = new Map<string, string>();

  /**
   * Creates the job's queue once. Two nodes starting on a new database create the same queues at the same moment, and
   * PostgreSQL may then end one of the two transactions as a deadlock (40P01): that one is simply tried again.
   */
  async function ensureQueue(job: JobDefinition<z.ZodType>) {
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

  return {
    boss,
    async send(job, payload, sendOptions) {
      await ensureQueue(job as JobDefinition<z.ZodType>);
      await boss.send(job.name, job.schema.parse(payload) as object, sendOptions ?? {});
      const worker = workers.get(job.name);
      if (worker && !(sendOptions?.startAfter && sendOptions.startAfter.getTime() > Date.now())) boss.notifyWorker(worker);
    },
    async register(jobs) {
      for (const job of jobs) {
        await ensureQueue(job);
        const batchSize = job.batchSize ?? 1;
        const worker: { id?: string } = {};
        worker.id = await boss.work(job.name, { pollingIntervalSeconds, batchSize }, async (received) => {
          for (const one of received) {
            try {
              await job.handle(job.schema.parse(one.data));
            } catch (error) {
              // pg-boss completes the whole batch when this returns: a failed job is failed first, on its own (it is
              // then no longer active, so only the others complete), and retried per its retry limit.
              await boss.fail(job.name, one.id, error as object);
            }
          }
          // A full batch means more may be waiting: fetch again at once instead of after the polling interval.
          if (received.length === batchSize && worker.id) boss.notifyWorker(worker.id);
        });
        workers.set(job.name, worker.id);
      }
    },
    async schedule(job, cron, payload) {
      await ensureQueue(job as JobDefinition<z.ZodType>);
      await boss.schedule(job.name, cron, job.schema.parse(payload) as object, { tz: "UTC" });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
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
