import { Mic, Shuffle } from "lucide-react";
import { useState } from "react";
import { DAILY_PROMPT_REFRESHES, pickDailyPrompt, type PromptLibrary } from "../../../../shared/prompt-library";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useIdeas } from "../api/get-ideas";

type StoredPrompt = { prompt: string; category: string; left: number };

const KEY_PREFIX = "heydad.dailyPrompt.";

/** Today's key in the viewer's calendar (spec 3: kept in local storage under a date key). */
function todayKey() {
  const now = new Date();
  return `${KEY_PREFIX}${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** A new day's prompt replaces the earlier days' keys, so they do not pile up in the browser. */
function forgetEarlierDays(today: string) {
  for (let index = localStorage.length - 1; index >= 0; index--) {
    const key = localStorage.key(index);
    if (key?.startsWith(KEY_PREFIX) && key !== today) localStorage.removeItem(key);
  }
}

function readStored(key: string): StoredPrompt | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "null") as StoredPrompt | null;
    return value && typeof value.prompt === "string" ? value : null;
  } catch {
    return null;
  }
}

function todaysPrompt(library: PromptLibrary, key: string): StoredPrompt | null {
  const stored = readStored(key);
  if (stored) return stored;
  const picked = pickDailyPrompt(library);
  if (!picked) return null;
  const fresh = { ...picked, left: DAILY_PROMPT_REFRESHES };
  forgetEarlierDays(key);
  localStorage.setItem(key, JSON.stringify(fresh));
  return fresh;
}

/** One random category and prompt a day; 'Another one' swaps it, 5 times a day. */
export function DailyPrompt() {
  const ideas = useIdeas();
  const [key] = useState(todayKey);
  const [override, setOverride] = useState<StoredPrompt | null>(null);
  if (!ideas.data) return null;
  const current = override ?? todaysPrompt(ideas.data, key);
  if (!current) return null;

  const another = () => {
    const picked = pickDailyPrompt(ideas.data);
    if (!picked || current.left <= 0) return;
    const next = { ...picked, left: current.left - 1 };
    localStorage.setItem(key, JSON.stringify(next));
    setOverride(next);
  };

  return (
    <section aria-labelledby="daily-prompt" className="mt-10 rounded-xl border border-sand-soft bg-paper-warm p-5">
      <h2 id="daily-prompt" className="text-sm font-semibold tracking-wide text-accent-dark uppercase">
        Today's prompt · {current.category}
      </h2>
      <p className="mt-2 text-xl font-semibold text-ink">{current.prompt}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink to="/record" state={{ prompt: current.prompt }} variant="accent">
          <Mic className="size-4" aria-hidden="true" />
          Record this
        </ButtonLink>
        <Button variant="secondary" onClick={another} disabled={current.left <= 0}>
          <Shuffle className="size-4" aria-hidden="true" />
          Another one ({current.left} left)
        </Button>
      </div>
    </section>
  );
}
