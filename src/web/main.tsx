import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

/** Resolves once the page has painted its first text (or after 3 s, whichever comes first). */
function afterFirstContentfulPaint() {
  return new Promise<void>((resolve) => {
    const done = () => setTimeout(resolve);
    const fallback = setTimeout(done, 3000);
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      clearTimeout(fallback);
      done();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

/**
 * A prerendered page can be used before React has taken it over: typing is kept and handed to
 * React once it has (its state starts from the HTML's values), and button presses and form
 * submissions are held (a form would otherwise submit natively, the email in the URL) and
 * replayed then. Links work as they are.
 */
function holdInteractionsUntilMounted(page: HTMLElement) {
  const edited = new Set<HTMLInputElement | HTMLTextAreaElement>();
  const held: Array<() => void> = [];
  const noteEdit = (event: Event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) edited.add(event.target);
  };
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const form = event.type === "submit" ? (target as HTMLFormElement | null) : null;
    const button = event.type === "click" ? target?.closest("button") : null;
    if (!form && !button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(form ? () => form.requestSubmit() : () => button!.click());
  };
  page.addEventListener("input", noteEdit, true);
  page.addEventListener("click", hold, true);
  page.addEventListener("submit", hold, true);
  return () => {
    page.removeEventListener("input", noteEdit, true);
    page.removeEventListener("click", hold, true);
    page.removeEventListener("submit", hold, true);
    for (const field of edited) {
      // React fires onChange when the field's value differs from the one it last set: set ""
      // through React's own setter, put the typed value back underneath it, and say so.
      const typed = field.value;
      field.value = "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    edited.clear();
    // Next task, once React has rendered the typed values.
    setTimeout(() => held.splice(0).forEach((replay) => replay()));
  };
}

/**
 * The app (React, the router, the page) is its own chunk. A prerendered page is on screen from
 * the HTML alone, so its JavaScript is fetched once that first paint is done instead of taking
 * bandwidth from the stylesheet and fonts before it; other pages load it at once (the server
 * preloads it for them).
 */
if (root.dataset.prerendered) {
  const release = holdInteractionsUntilMounted(root);
  void afterFirstContentfulPaint()
    .then(() => import("./start-app"))
    .then(({ startApp }) => startApp(root, release));
} else {
  void import("./start-app").then(({ startApp }) => startApp(root));
}
