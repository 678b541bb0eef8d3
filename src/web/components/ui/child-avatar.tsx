import { clsx } from "clsx";
import { childInitial } from "../../../shared/children";

const SIZES = { sm: "size-10 text-base", md: "size-16 text-2xl", lg: "size-20 text-3xl" } as const;

/**
 * The child's photo, or the first character of the name (a whole emoji too) on a soft circle. `decorative` when the name is
 * written right beside it (the photo then adds nothing for a screen reader).
 */
export function ChildAvatar({ name, photoUrl, size = "md", decorative = false }: { name: string; photoUrl: string | null; size?: keyof typeof SIZES; decorative?: boolean }) {
  const box = SIZES[size];
  if (photoUrl) return <img src={photoUrl} alt={decorative ? "" : `Photo of ${name}`} className={clsx(box, "shrink-0 rounded-full object-cover")} />;
  return (
    <span aria-hidden="true" className={clsx(box, "inline-flex shrink-0 items-center justify-center rounded-full bg-mist font-semibold text-ink")}>
      {childInitial(name)}
    </span>
  );
}
