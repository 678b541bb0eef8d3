// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type FormEvent, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { editMemorySchema } from "../../../shared/memories";
import { UNLOCK_COPY } from "../../../shared/unlock-rules";
import { type FieldErrors, fieldErrors } from "../../lib/form-errors";
import { EMPTY_MEMORY_FIELDS, MemoryFields, memoryFieldsInput, type MemoryFieldValues } from "./memory-fields";

const MAYA = { id: "7d0f4a52-8a4e-4c43-9d55-2a3c1f6b9e01", name: "Maya" };

/** A form as the record, video and edit forms hold the shared fields: the same schema, one message a field. */
function Form({ initial = {} }: { initial?: Partial<MemoryFieldValues> }) {
  const [values, setValues] = useState<MemoryFieldValues>({ ...EMPTY_MEMORY_FIELDS, ...initial });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = editMemorySchema.safeParse(memoryFieldsInput(values));
    setErrors(fieldErrors(parsed));
    setSaved(parsed.success);
  }
  return (
    <form onSubmit={submit} noValidate>
      <MemoryFields
        idPrefix="test"
        values={values}
        errors={errors}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        childChoices={{ options: [MAYA], status: null }}
      />
      <button type="submit">Save</button>
      {saved ? <p>Saved</p> : null}
    </form>
  );
}

/** The message said for a field: linked to it by aria-describedby, and shown right under it. */
function messageOf(field: HTMLElement) {
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute("role") === "alert")?.textContent ?? null;
}

function save() {
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
}

afterEach(cleanup);

describe("MemoryFields", () => {
  it("says every field's own problem beside that field, not only the first", () => {
    render(<Form initial={{ unlockType: "age" }} />);
    save();
    const title = screen.getByRole("textbox", { name: "Title" });
    const age = screen.getByRole("spinbutton", { name: "Unlock at age" });
    expect(messageOf(title)).toBe("Add a title.");
    expect(messageOf(age)).toBe(UNLOCK_COPY.enterAge);
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(age.getAttribute("aria-invalid")).toBe("true");
    const children = screen.getByRole("group", { name: "Who is it for?" });
    expect(within(children).getByRole("alert").textContent).toBe("Select at least one child.");
    expect(children.getAttribute("aria-describedby")).toBe(within(children).getByRole("alert").id);
    expect(screen.getAllByRole("alert")).toHaveLength(3);
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("keeps a message only while its field is wrong", () => {
    render(<Form initial={{ childIds: [MAYA.id], unlockType: "milestone" }} />);
    save();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual(["Add a title.", UNLOCK_COPY.enterMilestone]);
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "First bike ride" } });
    save();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([UNLOCK_COPY.enterMilestone]);
  });

  it.each([
    ["0", UNLOCK_COPY.ageRange],
    ["101", UNLOCK_COPY.ageRange],
    ["2.5", UNLOCK_COPY.ageRange],
    ["", UNLOCK_COPY.enterAge],
  ])("refuses unlock age '%s' beside the age field", (text, message) => {
    render(<Form initial={{ title: "Keys", childIds: [MAYA.id], unlockType: "age", unlockAge: text }} />);
    save();
    expect(messageOf(screen.getByRole("spinbutton", { name: "Unlock at age" }))).toBe(message);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it.each(["1", "100"])("accepts unlock age %s (the bounds are inclusive)", (text) => {
    render(<Form initial={{ title: "Keys", childIds: [MAYA.id], unlockType: "age", unlockAge: text }} />);
    save();
    expect(screen.queryAllByRole("alert")).toHaveLength(0);
    screen.getByText("Saved");
  });

  it("refuses 2024-02-30 as a date that does not exist, and takes 2028-02-29", () => {
    render(<Form initial={{ title: "Leap", childIds: [MAYA.id], unlockType: "date", unlockDate: "2024-02-30" }} />);
    save();
    const date = screen.getByLabelText("Unlock on");
    expect(messageOf(date)).toBe("That unlock date does not exist. Please pick a real calendar date.");
    fireEvent.change(date, { target: { value: "2028-02-29" } });
    save();
    expect(messageOf(date)).toBeNull();
    screen.getByText("Saved");
  });

  it("asks for a date when none is picked", () => {
    render(<Form initial={{ title: "Leap", childIds: [MAYA.id], unlockType: "date" }} />);
    save();
    expect(messageOf(screen.getByLabelText("Unlock on"))).toBe(UNLOCK_COPY.selectDate);
  });

  it("requires the milestone's text (spaces alone are not a milestone)", () => {
    render(<Form initial={{ title: "Graduation", childIds: [MAYA.id] }} />);
    fireEvent.click(screen.getByRole("radio", { name: "At a milestone" }));
    const milestone = screen.getByRole("textbox", { name: "Milestone" });
    fireEvent.change(milestone, { target: { value: "   " } });
    save();
    expect(messageOf(milestone)).toBe(UNLOCK_COPY.enterMilestone);
    fireEvent.change(milestone, { target: { value: "High school graduation" } });
    save();
    screen.getByText("Saved");
  });
});
