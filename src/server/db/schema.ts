export * from "../modules/auth/auth.table";
export * from "../modules/profiles/profiles.table";
export * from "../modules/email/email.table";
export * from "../modules/children/children.table";
export * from "../modules/coach/coach.table";
export * from "../modules/onboarding/onboarding.table";
