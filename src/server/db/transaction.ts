import type { Database } from "./client";

/** A database handle or an open transaction: repositories accept either. */
export type DbOrTransaction = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];
