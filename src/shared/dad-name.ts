import { z } from "zod";

/** What his children call him, when he has not said: the family's pages and emails say 'Dad'. */
export const DEFAULT_DAD_NAME = "Dad";
/** The names offered in Settings; he may also write his own word. */
export const DAD_NAME_CHOICES = ["Dad", "Papa", "Daddy"] as const;

export const dadNameSchema = z.object({
  dadName: z.string().trim().min(1, "Please write what your children call you").max(30, "Please keep it under 30 characters"),
});
export type DadNameInput = z.infer<typeof dadNameSchema>;

export const DAD_NAME_COPY = {
  label: "What your children call you",
  ownWord: "Something else",
  ownWordLabel: "Your word",
  explanation: "The pages and emails your family receives use this name: “A message from Dad for Emma”.",
  saved: "Saved",
  saveFailed: "We couldn't save this. Please try again.",
} as const;
