/** "Chargement du graphique...": the chart's place while its code or its data comes (the same height). */
export function ChartLoading({ inline = false }: { inline?: boolean }) {
  return (
    <p
      role="status"
      className={`${inline ? '' : 'mt-4 '}flex h-40 items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600`}
    >
      Chargement du graphique...
    </p>
  );
}
