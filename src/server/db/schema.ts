export * from "../modules/auth/auth.table";
export * from "../modules/profiles/profiles.table";
export * from "../modules/email/email.table";
export * from "../modules/children/children.table";
export * from "../modules/billing/billing.table";
export * from "../modules/gifts/gifts.table";
export * from "../modules/notifications/notifications.table";
