import { i18n } from '@lingui/core';
import { messages as admin } from '../../locales/fr/domain-admin.po';
import { messages as money } from '../../locales/fr/domain-money.po';
import { messages as people } from '../../locales/fr/domain-people.po';
import { messages as transactions } from '../../locales/fr/domain-transactions.po';
import { messages as domain } from '../../locales/fr/domain.po';
import { messages as signIn } from '../../locales/fr/signin.po';

// The domain's tests read its texts in French, as the server and the screens do by default (decision 236).
i18n.loadAndActivate({
  locale: 'fr',
  messages: { ...signIn, ...domain, ...people, ...money, ...transactions, ...admin },
});
