// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SituationChoices } from "./situation-choices";

afterEach(cleanup);

const choices = [
  { id: "losing-things", title: "Losing things" },
  { id: "shyness", title: "Shyness" },
  { id: "learning-to-ride", title: "Learning to ride a bike" },
];

describe("the closest scripts under a general answer", () => {
  it("offers each as a button under a heading that says what they are, and choosing one asks for that script", () => {
    const onChoose = vi.fn();
    render(<SituationChoices choices={choices} disabled={false} onChoose={onChoose} />);
    const group = screen.getByRole("region", { name: "Or pick the script that comes closest:" });
    expect(within(group).getAllByRole("button").map((button) => button.textContent)).toEqual(["Losing things", "Shyness", "Learning to ride a bike"]);
    fireEvent.click(within(group).getByRole("button", { name: "Learning to ride a bike" }));
    expect(onChoose).toHaveBeenCalledWith("learning-to-ride");
  });

  it("shows nothing when there is nothing to choose, and cannot be pressed while an answer is loading", () => {
    const { container } = render(<SituationChoices choices={[]} disabled={false} onChoose={vi.fn()} />);
    expect(container.innerHTML).toBe("");
    cleanup();
    const onChoose = vi.fn();
    render(<SituationChoices choices={choices} disabled onChoose={onChoose} />);
    fireEvent.click(screen.getByRole("button", { name: "Shyness" }));
    expect(onChoose).not.toHaveBeenCalled();
  });
});
