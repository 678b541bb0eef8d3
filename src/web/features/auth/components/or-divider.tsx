export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-olive-dark uppercase">
      <span className="h-px flex-1 bg-sand-soft" aria-hidden="true" />
      or
      <span className="h-px flex-1 bg-sand-soft" aria-hidden="true" />
    </div>
  );
}
