// @20minutes/s3rver (an S3-compatible server for tests) ships no types; the part the tests use.
declare module "@20minutes/s3rver" {
  import type { AddressInfo } from "node:net";
  /** The part of a Koa context the tests' middleware uses (s3rver is a Koa app; no @types/koa here). */
  export type KoaContext = {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    state: Record<string, unknown>;
    mountPath?: string;
  };
  export type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: Array<{ name: string }> });
    /** Koa's middleware list, run in order (s3rver's router is the last one). */
    middleware: KoaMiddleware[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
