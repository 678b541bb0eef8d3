import { defineError } from "../../http/app-error";

export const onboardingErrors = {
  questionsMissing: defineError("ONBOARDING_QUESTIONS_MISSING", 500, "The onboarding questions are not set up."),
};
