export * from "../modules/auth/auth.table";
export * from "../modules/profiles/profiles.table";
export * from "../modules/email/email.table";
export * from "../modules/children/children.table";
export * from "../modules/rate-limit/rate-limit.table";
export * from "../modules/experiments/experiments.table";
export * from "../modules/marketing/marketing.table";
export * from "../modules/analytics/analytics.table";
