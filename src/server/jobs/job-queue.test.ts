import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase } from "../../../tests/support/test-database";
import { type JobDefinition, type JobQueue, startJobQueue } from "./job-queue";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let queue: JobQueue;
const logged: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  // A failed job is retried after 1 s here (5 s in production).
  queue = await startJobQueue({ url: database.url, log: (line) => logged.push(line), timing: { retryDelaySeconds: 1 } });
});
afterAll(async () => {
  await queue.stop();
  await database.drop();
});

const payload = z.object({ n: z.number().int() });

async function until(check: () => boolean, ms: number) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe("the job queue", () => {
  it("works a burst at more than two jobs a second: 200 queued jobs are all handled within 15 s (a job per poll would take 100 s)", async () => {
    const handled: number[] = [];
    const job: JobDefinition<typeof payload> = { name: "test-burst", schema: payload, batchSize: 8, handle: async ({ n }) => void handled.push(n) };
    await queue.register([job]);
    await Promise.all(Array.from({ length: 200 }, (_, n) => queue.send(job, { n })));
    const took = await until(() => handled.length >= 200, 15_000);
    expect(took, `handled ${handled.length} of 200`).not.toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect([...handled].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it("one failing job in a batch is retried alone: the others of its batch are handled once and completed", async () => {
    const attempts = new Map<number, number>();
    const job: JobDefinition<typeof payload> = {
      name: "test-one-fails",
      schema: payload,
      batchSize: 8,
      retryLimit: 2,
      handle: async ({ n }) => {
        attempts.set(n, (attempts.get(n) ?? 0) + 1);
        // Job 3 fails its first try only.
        if (n === 3 && attempts.get(n) === 1) throw new Error("the mail server said no");
      },
    };
    // Queued before the worker starts, so the eight arrive in one batch.
    for (let n = 0; n < 8; n++) await queue.send(job, { n });
    await queue.register([job]);
    expect(await until(() => attempts.get(3) === 2, 30_000)).not.toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(Object.fromEntries(attempts)).toEqual({ 0: 1, 1: 1, 2: 1, 3: 2, 4: 1, 5: 1, 6: 1, 7: 1 });
    const { rows } = await queue.boss.getDb().executeSql(`SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'test-one-fails' GROUP BY state`, []);
    expect(rows).toEqual([{ state: "completed", n: 8 }]);
  });

  it("a job sent on a node whose worker is idle starts at once, not at the worker's next look", async () => {
    // The worker looks every 30 s here: only the wake after the send can start the job within 10 s.
    const idle = await startJobQueue({ url: database.url, log: () => {}, timing: { pollSeconds: 30 } });
    try {
      const handled: number[] = [];
      const job: JobDefinition<typeof payload> = { name: "test-wake", schema: payload, handle: async ({ n }) => void handled.push(n) };
      await idle.register([job]);
      // The worker's first look (at registration) found nothing; it now waits for its next one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await idle.send(job, { n: 1 });
      expect(await until(() => handled.length === 1, 10_000), "handled before the next look, 30 s on").not.toBe(false);
      await idle.send(job, { n: 2 });
      expect(await until(() => handled.length === 2, 10_000), "the second send woke it too").not.toBe(false);
    } finally {
      await idle.stop();
    }
  });

  it("on a node that looks every 30 s, a retry and a job sent to start 2 s on start when due, and a send while the worker is busy is not lost", async () => {
    const slow = await startJobQueue({ url: database.url, log: () => {}, timing: { pollSeconds: 30, retryDelaySeconds: 1 } });
    try {
      const tries = new Map<number, number>();
      let release = () => {};
      const job: JobDefinition<typeof payload> = {
        name: "test-wake-when-due",
        schema: payload,
        retryLimit: 1,
        // A batch that comes back short sends the worker to wait for its next look.
        batchSize: 4,
        handle: async ({ n }) => {
          tries.set(n, (tries.get(n) ?? 0) + 1);
          if (n === 1 && tries.get(1) === 1) throw new Error("the mail server said no");
          // Job 3 holds the worker until the test has sent job 4.
          if (n === 3) await new Promise<void>((resolve) => (release = resolve));
        },
      };
      await slow.register([job]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await slow.send(job, { n: 1 });
      // Retried 1 to 2 s after its failure (pg-boss's back-off), well before the worker's next look.
      expect(await until(() => tries.get(1) === 2, 10_000), "the retry ran when due").not.toBe(false);
      const sentAt = Date.now();
      await slow.send(job, { n: 2 }, { startAfter: new Date(sentAt + 2000) });
      expect(await until(() => tries.get(2) === 1, 10_000), "the later job ran when due").not.toBe(false);
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1900);
      await slow.send(job, { n: 3 });
      expect(await until(() => tries.get(3) === 1, 10_000)).not.toBe(false);
      await slow.send(job, { n: 4 });
      release();
      expect(await until(() => tries.get(4) === 1, 10_000), "the job sent while the worker was busy").not.toBe(false);
    } finally {
      await slow.stop();
    }
  });

  it("a job whose payload no longer fits its schema fails on its own without stopping the batch", async () => {
    const handled: number[] = [];
    const job: JobDefinition<typeof payload> = { name: "test-bad-payload", schema: payload, batchSize: 4, retryLimit: 0, handle: async ({ n }) => void handled.push(n) };
    await queue.boss.createQueue(job.name, { name: job.name, retryLimit: 0 });
    await queue.boss.send(job.name, { n: "not a number" });
    for (let n = 0; n < 3; n++) await queue.send(job, { n });
    await queue.register([job]);
    expect(await until(() => handled.length === 3, 15_000)).not.toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { rows } = await queue.boss.getDb().executeSql(`SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'test-bad-payload' GROUP BY state ORDER BY state`, []);
    expect(rows).toEqual([
      { state: "completed", n: 3 },
      { state: "failed", n: 1 },
    ]);
  });

  it("a job that fails for good is logged with its queue, its id and the reason; a failure that will be retried is not", async () => {
    const job: JobDefinition<typeof payload> = {
      name: "test-gives-up",
      schema: payload,
      retryLimit: 1,
      handle: async ({ n }) => {
        throw new Error(`the mail server refused message ${n}`);
      },
    };
    // Retried after 1 s rather than the app's 5 s, to keep the test short.
    await queue.boss.createQueue(job.name, { name: job.name, retryLimit: 1, retryDelay: 1 });
    await queue.register([job]);
    await queue.send(job, { n: 7 });
    const { rows } = await queue.boss.getDb().executeSql(`SELECT id FROM pgboss.job WHERE name = 'test-gives-up'`, []);
    const id = rows[0]!.id as string;
    const forGood = () => logged.filter((line) => line.startsWith("job failed for good: queue test-gives-up,"));
    // The first failure is retried, the second is final.
    expect(await until(() => forGood().length > 0, 30_000)).not.toBe(false);
    expect(forGood()).toEqual([`job failed for good: queue test-gives-up, id ${id}, after 2 tries: the mail server refused message 7`]);
  });

  it("a web node works only the light jobs and a worker node only the heavy ones, whichever node sent them", async () => {
    const web = await startJobQueue({ url: database.url, log: () => {}, takes: { light: true, heavy: false } });
    const worker = await startJobQueue({ url: database.url, log: () => {}, takes: { light: false, heavy: true } });
    try {
      const handledBy: Array<{ job: string; node: string }> = [];
      const jobsOf = (node: string): JobDefinition<typeof payload>[] => [
        { name: "test-role-light", schema: payload, handle: async () => void handledBy.push({ job: "light", node }) },
        { name: "test-role-heavy", schema: payload, heavy: true, handle: async () => void handledBy.push({ job: "heavy", node }) },
      ];
      await web.register(jobsOf("web"));
      await worker.register(jobsOf("worker"));
      const [light, heavy] = jobsOf("sender");
      for (let n = 0; n < 3; n++) {
        await web.send(heavy!, { n });
        await web.send(light!, { n });
        await worker.send(light!, { n });
      }
      expect(await until(() => handledBy.length >= 9, 20_000), `handled ${handledBy.length} of 9`).not.toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(handledBy.filter(({ job }) => job === "heavy")).toEqual(Array.from({ length: 3 }, () => ({ job: "heavy", node: "worker" })));
      expect(handledBy.filter(({ job }) => job === "light")).toEqual(Array.from({ length: 6 }, () => ({ job: "light", node: "web" })));
    } finally {
      await Promise.all([web.stop(), worker.stop()]);
    }
  });

  it("a heavy job taken by a node that died is run again elsewhere once its lease lapses; one that outlives its lease on a live node is not", async () => {
    const worker = await startJobQueue({ url: database.url, log: () => {}, timing: { leaseSeconds: 2, retryDelaySeconds: 1 }, takes: { light: false, heavy: true } });
    try {
      const runs: number[] = [];
      const slow: JobDefinition<typeof payload> = {
        name: "test-lease",
        schema: payload,
        heavy: true,
        // Three leases long: only the renewals keep it from being failed and handed on meanwhile.
        handle: async ({ n }) => {
          runs.push(n);
          if (n === 1) await new Promise((resolve) => setTimeout(resolve, 6000));
        },
      };
      await worker.send(slow, { n: 0 });
      // A node takes job 0 and dies at once: it never renews, and never records an outcome.
      const [taken] = await worker.boss.fetch(slow.name);
      expect(taken?.data).toEqual({ n: 0 });
      await worker.register([slow]);
      await worker.send(slow, { n: 1 });
      expect(await until(() => runs.includes(0), 20_000), "the dead node's job run again").not.toBe(false);
      const completed = async () =>
        (await worker.boss.getDb().executeSql(`SELECT data->>'n' AS n, retry_count FROM pgboss.job WHERE name = 'test-lease' AND state = 'completed' ORDER BY 1`, [])).rows;
      const deadline = Date.now() + 30_000;
      while ((await completed()).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      // Job 0 was failed once (its lease lapsed) and then completed; job 1 ran three leases and was never taken from its node.
      expect(await completed()).toEqual([
        { n: "0", retry_count: 1 },
        { n: "1", retry_count: 0 },
      ]);
      expect(runs.sort()).toEqual([0, 1]);
    } finally {
      await worker.stop();
    }
  });
});
