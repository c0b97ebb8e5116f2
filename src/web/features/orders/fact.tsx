/** One labelled value of an order (course, amount, gift address…) inside a `<dl>`. */
export function Fact({
  label,
  children,
  testId,
  className,
  valueClassName = "font-semibold text-ink",
  dir,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
  className?: string;
  valueClassName?: string;
  dir?: "ltr";
}) {
  return (
    <div className={className}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={valueClassName} data-testid={testId} dir={dir}>
        {children}
      </dd>
    </div>
  );
}
