export * from "../modules/auth/auth.table";
export * from "../modules/profiles/profiles.table";
export * from "../modules/email/email.table";
export * from "../modules/children/children.table";
export * from "../modules/uploads/uploads.table";
export * from "../modules/videos/videos.table";
export * from "../modules/comments/comments.table";
export * from "../modules/notifications/notifications.table";
