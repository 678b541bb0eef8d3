-- Reference data: the five onboarding questions (src/shared/onboarding.ts holds their wording).
INSERT INTO "onboarding_questions" ("key", "active") VALUES
  ('dad_parenting_style', true),
  ('dad_first_move_when_upset', true),
  ('dad_what_kids_remember', true),
  ('dad_help_from_pocketdad', true),
  ('dad_style_default', true)
ON CONFLICT ("key") DO NOTHING;
