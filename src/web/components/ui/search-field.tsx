import { Search } from "lucide-react";

/** A search box with its magnifier inside and its label for screen readers (the placeholder says the same). */
export function SearchField({ label, value, onChange, maxLength, className = "block" }: { label: string; value: string; onChange: (value: string) => void; maxLength?: number; className?: string }) {
  return (
    <label className={`relative ${className}`}>
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-olive" aria-hidden="true" />
      <input
        type="search"
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        className="min-h-11 w-full rounded-lg border border-sand bg-white py-2.5 pr-3.5 pl-11 text-base text-ink hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-dark"
      />
    </label>
  );
}
