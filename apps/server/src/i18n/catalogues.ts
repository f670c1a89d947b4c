import type { Messages } from '@lingui/core';
import { messages as frAdmin } from '../../../../locales/fr/domain-admin.po';
import { messages as frMoney } from '../../../../locales/fr/domain-money.po';
import { messages as frPeople } from '../../../../locales/fr/domain-people.po';
import { messages as frTransactions } from '../../../../locales/fr/domain-transactions.po';
import { messages as frDomain } from '../../../../locales/fr/domain.po';
import { messages as frServer } from '../../../../locales/fr/server.po';
import { messages as frSignIn } from '../../../../locales/fr/signin.po';
import { messages as htAdmin } from '../../../../locales/ht/domain-admin.po';
import { messages as htMoney } from '../../../../locales/ht/domain-money.po';
import { messages as htPeople } from '../../../../locales/ht/domain-people.po';
import { messages as htTransactions } from '../../../../locales/ht/domain-transactions.po';
import { messages as htDomain } from '../../../../locales/ht/domain.po';
import { messages as htServer } from '../../../../locales/ht/server.po';
import { messages as htSignIn } from '../../../../locales/ht/signin.po';

/** Every text the server says: the domain's and its own, compiled into its bundle (decision 236). */
export const serverCatalogues: Record<'fr' | 'ht', Messages> = {
  fr: { ...frSignIn, ...frDomain, ...frPeople, ...frMoney, ...frTransactions, ...frAdmin, ...frServer },
  ht: { ...htSignIn, ...htDomain, ...htPeople, ...htMoney, ...htTransactions, ...htAdmin, ...htServer },
};
