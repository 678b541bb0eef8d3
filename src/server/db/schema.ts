export * from "../modules/auth/auth.table";
export * from "../modules/profiles/profiles.table";
export * from "../modules/email/email.table";
export * from "../modules/children/children.table";
export * from "../modules/memories/memories.table";
export * from "../modules/ideas/ideas.table";
export * from "../modules/settings/settings.table";
