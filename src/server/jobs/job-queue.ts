import PgBoss from "pg-boss";
import type { z } from "zod";

export type JobDefinition<Schema extends z.ZodType> = {
  name: string;
  schema: Schema;
  retryLimit?: number;
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

/** The job queue lives inside PostgreSQL (pg-boss), so any app node can send and work jobs. */
export async function startJobQueue(options: { url: string; log: (message: string) => void }): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: options.url, max: 4, schema: SCHEMA });
  boss.on("error", (error) => options.log(`job queue: ${error.message}`));
  await boss.start();
  const created = new Set<string>();

  /**
   * Creates the job's queue once. Two nodes starting on a new database create the same queues at the same moment, and
   * PostgreSQL may then end one of the two transactions as a deadlock (40P01): that one is simply tried again.
   */
  async function ensureQueue(job: JobDefinition<z.ZodType>) {
    if (created.has(job.name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(job.name, { name: job.name, retryLimit: job.retryLimit ?? 5, retryDelay: 5, retryBackoff: true });
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
    },
    async register(jobs) {
      for (const job of jobs) {
        await ensureQueue(job);
        await boss.work(job.name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([received]) => {
          if (received) await job.handle(job.schema.parse(received.data));
        });
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
