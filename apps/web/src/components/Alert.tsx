import type { ReactNode } from 'react';

export type AlertType = 'info' | 'danger' | 'success' | 'warning' | 'dark';

const styles: Record<AlertType, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  danger: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  dark: 'border-slate-700 bg-slate-800 text-slate-50',
};

interface AlertProps {
  type?: AlertType;
  title?: string;
  children?: ReactNode;
  className?: string;
}

/** A message inside the page; danger and warning are announced at once. */
export function Alert({ type = 'info', title, children, className = '' }: AlertProps) {
  const urgent = type === 'danger' || type === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      data-type={type}
      className={`rounded-md border px-4 py-3 text-sm ${styles[type]} ${className}`}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1' : ''}>{children}</div>}
    </div>
  );
}
