import type { ReactNode } from 'react';

interface ErrorFrameProps {
  code: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}

/** The common look of the 403, 404 and 500 pages. */
export function ErrorFrame({ code, title, children, actions }: ErrorFrameProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-100 px-4 py-10 text-center">
      <p aria-hidden="true" className="text-6xl font-bold tracking-tight text-slate-500">
        {code}
      </p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{title}</h1>
      <div className="mt-3 max-w-md text-slate-700">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </main>
  );
}
