import { clsx } from "clsx";

/** The child's photo, or the first letter of the name on a soft circle. */
export function ChildAvatar({ name, photoUrl, size = "md" }: { name: string; photoUrl: string | null; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-20 text-3xl" : "size-16 text-2xl";
  if (photoUrl) return <img src={photoUrl} alt={`Photo of ${name}`} className={clsx(box, "shrink-0 rounded-full object-cover")} />;
  return (
    <span aria-hidden="true" className={clsx(box, "inline-flex shrink-0 items-center justify-center rounded-full bg-mist font-semibold text-ink")}>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
