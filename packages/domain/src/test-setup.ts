import { i18n } from '@lingui/core';
import { messages as admin } from '../../../locales/fr/domain-admin.po';
import { messages as money } from '../../../locales/fr/domain-money.po';
import { messages as people } from '../../../locales/fr/domain-people.po';
import { messages as transactions } from '../../../locales/fr/domain-transactions.po';
import { messages as domain } from '../../../locales/fr/domain.po';
import { messages as signIn } from '../../../locales/fr/signin.po';

// The domain's tests read its texts in French, as the server and the web do before another language is
// chosen (decision 236): its French catalogues, loaded before any test module.
i18n.load('fr', { ...signIn, ...domain, ...people, ...money, ...transactions, ...admin });
i18n.activate('fr');
