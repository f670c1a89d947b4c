import { i18n, type Messages } from '@lingui/core';
import { messages as frAdmin } from '../../locales/fr/domain-admin.po';
import { messages as frMoney } from '../../locales/fr/domain-money.po';
import { messages as frPeople } from '../../locales/fr/domain-people.po';
import { messages as frTransactions } from '../../locales/fr/domain-transactions.po';
import { messages as frDomain } from '../../locales/fr/domain.po';
import { messages as frSignIn } from '../../locales/fr/signin.po';
import { messages as htAdmin } from '../../locales/ht/domain-admin.po';
import { messages as htMoney } from '../../locales/ht/domain-money.po';
import { messages as htPeople } from '../../locales/ht/domain-people.po';
import { messages as htTransactions } from '../../locales/ht/domain-transactions.po';
import { messages as htDomain } from '../../locales/ht/domain.po';
import { messages as htSignIn } from '../../locales/ht/signin.po';

const all = (...catalogues: Messages[]): Messages => Object.assign({}, ...catalogues);

// The domain's tests read its texts in French, as the server and the screens do by default; a test may
// `i18n.activate('ht')` to read them in Kreyòl, and back to 'fr' after (decision 236). Loaded here, out of
// src/: the domain's own files import no catalogue.
i18n.load({
  fr: all(frSignIn, frDomain, frPeople, frMoney, frTransactions, frAdmin),
  ht: all(htSignIn, htDomain, htPeople, htMoney, htTransactions, htAdmin),
});
i18n.activate('fr');
