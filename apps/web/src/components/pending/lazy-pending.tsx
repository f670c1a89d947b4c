import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { usePendingOperations } from '../../lib/pending-context';

// The held operations' banner and sign-out dialog, with their actions and texts, load when an operation is
// held: not with the frame's first paint (decision 239).
const Banner = lazy(() =>
  import('./PendingOperationsBanner').then((module) => ({ default: module.PendingOperationsBanner })),
);
const Dialog = lazy(() =>
  import('./HeldAtSignOutDialog').then((module) => ({ default: module.HeldAtSignOutDialog })),
);

/** The banner, once an operation is held; kept once shown (its "Tout renvoyer" results outlive them). */
export function PendingOperationsBanner() {
  const held = usePendingOperations().length > 0;
  const [shown, setShown] = useState(held);
  if (held && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  ) : null;
}

export function HeldAtSignOutDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
