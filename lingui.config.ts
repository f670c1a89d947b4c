import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const web = '<rootDir>/apps/web/src';
const domain = '<rootDir>/packages/domain/src';
const tests = ['**/*.test.ts', '**/*.test.tsx', `${web}/test/`];

// The texts of the sign-in pages, loaded before anything else (decision 236).
const signIn = [
  `${web}/features/auth/`,
  `${web}/features/register/`,
  `${domain}/sign-in.ts`,
  `${domain}/sign-in-schemas.ts`,
  `${domain}/auth-messages.ts`,
];
// The domain's texts by the screens that say them: one catalogue a group, so that work on one leaves the
// others alone.
const domainGroups = {
  people: ['persons', 'person-names', 'accounts', 'account-names', 'register', 'statements'].map(
    (name) => `${domain}/${name}.ts`,
  ),
  money: [
    ...['money', 'payout', 'payout-messages', 'drawer', 'limits', 'limit-editor', 'fee-editor'].map(
      (name) => `${domain}/${name}.ts`,
    ),
    ...['corrections', 'corrections-texts', 'numbers', 'digit-groups', 'balance-series'].map(
      (name) => `${domain}/${name}.ts`,
    ),
  ],
  transactions: [`${domain}/transactions/`],
  admin: [
    'users',
    'agents',
    'roles',
    'role-schemas',
    'permissions',
    'reports',
    'report-periods',
    'declarations',
    'audit',
    'mfa',
    'mfa-messages',
    'auth',
    'auth-responses',
  ].map((name) => `${domain}/${name}.ts`),
};

export default defineConfig({
  sourceLocale: 'fr',
  locales: ['fr', 'ht', 'pseudo'],
  // End-to-end tests run in a pseudo-language whose texts are marked: an unmarked text on a screen did not
  // come from a catalogue.
  pseudoLocale: { locale: 'pseudo', prepend: '⟦', append: '⟧', extend: 0 },
  fallbackLocales: { default: 'fr' },
  format: formatter({ lineNumbers: false }),
  // `<Trans>` and `useLingui` without React's context (apps/web/src/i18n/Trans.tsx, decision 239).
  runtimeConfigModule: { Trans: ['lajan-trans', 'Trans'], useLingui: ['lajan-trans', 'useLingui'] },
  orderBy: 'message',
  catalogs: [
    { path: '<rootDir>/locales/{locale}/signin', include: signIn, exclude: tests },
    {
      path: '<rootDir>/locales/{locale}/web-{name}',
      include: [`${web}/features/{name}/`],
      exclude: [...signIn, ...tests],
    },
    {
      path: '<rootDir>/locales/{locale}/web',
      include: [`${web}/`],
      exclude: [`${web}/features/`, ...tests],
    },
    ...Object.entries(domainGroups).map(([name, include]) => ({
      path: `<rootDir>/locales/{locale}/domain-${name}`,
      include,
      exclude: tests,
    })),
    {
      path: '<rootDir>/locales/{locale}/domain',
      include: [`${domain}/`],
      exclude: [...signIn, ...Object.values(domainGroups).flat(), ...tests],
    },
    { path: '<rootDir>/locales/{locale}/server', include: ['<rootDir>/apps/server/src/'], exclude: tests },
  ],
});
