// Imports no schema (decision 152): the dashboard's first frame shows the loading text and loads no zod.
import { msg } from '@lingui/core/macro';
import { texts } from '../i18n.js';

/**
 * What a paged list says while its next page loads, the page shown kept (the persons), in French: read by
 * the persons' screens until they read listTexts (decision 236).
 */
export const pageLoadingText = 'Chargement de la page...';

/** What a list says while another search's answer comes, the rows shown kept (the persons), in French. */
export const searchingText = 'Recherche en cours...';

/** What a paged list says while its next page, or another search's answer, comes; the rows shown kept. */
export const listTexts = texts({
  pageLoading: msg`Chargement de la page...`,
  searching: msg`Recherche en cours...`,
});

/** What the history table says while it waits, and when it has no row. */
export const historyTableTexts = texts({
  loading: msg`Chargement des transactions...`,
  /** Another filter or search asked: the rows shown are the last answer's until the new one comes. */
  searching: msg`Recherche en cours...`,
  /** Only another page asked, of the same filters. */
  pageLoading: msg`Chargement de la page...`,
  noMatch: msg`Aucune transaction ne correspond à ces critères.`,
  none: msg`Aucune transaction pour le moment.`,
});
