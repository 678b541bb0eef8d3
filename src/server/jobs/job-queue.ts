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
  /** Runs a registered job on a cron schedule (one run per tick across all app nodes). */
  schedule: (job: JobDefinition<z.ZodType>, cron: string) => Promise<void>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

/** The job queue lives inside PostgreSQL (pg-boss), so any app node can send and work jobs. */
export async function startJobQueue(options: { url: string; log: (message: string) => void }): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: options.url, max: 4 });
  boss.on("error", (error) => options.log(`job queue: ${error.message}`));
  await boss.start();
  const created = new Set<string>();

  async function ensureQueue(job: JobDefinition<z.ZodType>) {
    if (created.has(job.name)) return;
    await boss.createQueue(job.name, { name: job.name, retryLimit: job.retryLimit ?? 5, retryDelay: 5, retryBackoff: true });
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
    async schedule(job, cron) {
      await ensureQueue(job);
      await boss.schedule(job.name, cron, {});
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
