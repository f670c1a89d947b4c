import { createContext, useContext, type ReactNode } from 'react';
import type { ToastStore } from './toast-store';

const ToastContext = createContext<ToastStore | null>(null);

export function ToastProvider({ store, children }: { store: ToastStore; children: ReactNode }) {
  return <ToastContext value={store}>{children}</ToastContext>;
}

/** `toasts.success('…')`, `toasts.error('…', 8000)`, `toasts.dismiss(id)`. */
export function useToasts(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToasts needs a ToastProvider');
  return store;
}
