// Imports nothing (decision 152): the dashboard's first frame shows the loading text and loads no schema.

/** What a paged list says while its next page loads, the page shown kept (the history, the persons). */
export const pageLoadingText = 'Chargement de la page...';

/** What a list says while another search's answer comes, the rows shown kept (the history, the persons). */
export const searchingText = 'Recherche en cours...';

/** What the history table says while it waits, and when it has no row. */
export const historyTableTexts = {
  loading: 'Chargement des transactions...',
  /** Another filter or search asked: the rows shown are the last answer's until the new one comes. */
  searching: searchingText,
  /** Only another page asked, of the same filters. */
  pageLoading: pageLoadingText,
  noMatch: 'Aucune transaction ne correspond à ces critères.',
  none: 'Aucune transaction pour le moment.',
} as const;
