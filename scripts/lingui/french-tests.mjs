// A test setup (Vitest's setupFiles): the maps of texts are read in the language of the moment (decision
// 236), French as the app starts, with every French catalogue loaded. A test of another language activates
// it and comes back to French.
import { i18n } from '@lingui/core';

const catalogues = import.meta.glob('../../locales/fr/*.po', { eager: true });
i18n.load('fr', Object.assign({}, ...Object.values(catalogues).map((module) => module.messages)));
i18n.activate('fr');
