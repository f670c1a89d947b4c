/**
 * What a list says while another answer comes, its last rows kept on screen (decision 132's way): another
 * page ("Chargement de la page...") or another search ("Recherche en cours..."), with a spinner.
 */
export function ListWaiting({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <span
        aria-hidden="true"
        className="size-3 animate-spin rounded-full border-2 border-blue-800 border-t-transparent"
      />
      {children}
    </p>
  );
}
