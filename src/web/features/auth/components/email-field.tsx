import { TextField } from "../../../components/ui/text-field";

/** The account's email address, as the sign-in, sign-up and reset forms ask for it. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
