/** The share of a cap from which an account is nearly full (the operators are told then too). */
export const NEARLY_FULL_PERCENT = 80;

/** Today's share of an account's daily cap; the browser colours it green, amber from 80 %, red when full. */
export function CapMeter({ percent, label }: { percent: number; label: string }) {
  return (
    <meter
      aria-label={label}
      min={0}
      max={100}
      low={NEARLY_FULL_PERCENT}
      high={99.9}
      optimum={0}
      value={Math.min(percent, 100)}
      className="block h-2 w-full"
    />
  );
}
