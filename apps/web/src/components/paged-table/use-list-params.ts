import { useSearchParams } from 'react-router';

/** The page a `?page=` search parameter names: a whole number from 1, else 1. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A paged, searchable list's state in the address (`?q=…&page=…`), so that back and reload keep it.
 * `go` writes the next state: the search kept unless given, the page 1 unless given, and the list's
 * other filters (`filters`, left out when empty) between the two.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const q = searchParams.get('q') ?? '';

  function go(next: { page?: number; q?: string; filters?: Record<string, string | undefined> }) {
    const params = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) params.set('q', nextQ);
    for (const [name, value] of Object.entries(next.filters ?? {})) {
      if (value) params.set(name, value);
    }
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearchParams(params);
  }

  return { searchParams, page, q, go };
}
