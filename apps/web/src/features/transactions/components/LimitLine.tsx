import type { LimitCheck } from './use-limit-check';

/** What the customer has left of her limits, under the amount (decision 227): a quiet line, read out when it changes. */
export function LimitLine({ limit }: { limit: LimitCheck | undefined }) {
  if (!limit?.line) return null;
  return (
    <p role="status" className="mt-1 text-sm text-slate-600">
      {limit.line}
    </p>
  );
}
