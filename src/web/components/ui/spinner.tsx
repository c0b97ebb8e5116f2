/** Loading indicator with a text for assistive technology. */
export function Spinner({ label, className = "size-6" }: { label: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span className={`${className} animate-spin rounded-full border-[3px] border-primary border-t-transparent`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
