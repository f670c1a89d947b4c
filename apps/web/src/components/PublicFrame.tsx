import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguagePicker } from './LanguagePicker';

interface PublicFrameProps {
  title: string;
  /** A line under the title (the welcome and tagline of the sign-in page, an explanation elsewhere). */
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the pages outside the authenticated shell: the brand, then one centred card. */
export function PublicFrame({ title, intro, children, footer }: PublicFrameProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-100 px-4 py-8 sm:justify-center">
      <Link
        to="/"
        className="mb-6 flex items-center gap-2 rounded-md text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-700"
      >
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-lg bg-blue-900 text-xl font-bold text-white"
        >
          L
        </span>
        <span className="text-2xl font-bold tracking-tight">Lajan</span>
      </Link>
      <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {intro && <div className="mt-2 text-sm text-slate-600">{intro}</div>}
        <div className="mt-6">{children}</div>
      </main>
      {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
      <div className="mt-4">
        <LanguagePicker />
      </div>
    </div>
  );
}
