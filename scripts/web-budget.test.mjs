// The sign-in page's weight budget (issue 15, decision 145), over the web build (`npm run build` first;
// `npm test` runs it right after the build). Compressed as Chromium receives it: brotli.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  DASHBOARD_FRAME_JS_BUDGET_BYTES,
  LOGIN_JS_BUDGET_BYTES,
  LOGIN_TOTAL_BUDGET_BYTES,
  PAGE_LANGUAGES,
  WEB_DIST,
  dashboardFiguresDomainModules,
  dashboardFrameWeight,
  loginPageWeight,
} from './web-budget.mjs';

const weight = loginPageWeight();
const dashboard = dashboardFrameWeight();
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

// In French and in Kreyòl (decision 239): the Kreyòl page loads its chunks' texts files besides.
for (const language of PAGE_LANGUAGES) {
  const page = loginPageWeight(WEB_DIST, language);
  const frame = dashboardFrameWeight(WEB_DIST, language);

  test(`the sign-in page loads at most ${kb(LOGIN_JS_BUDGET_BYTES)} of compressed JavaScript (${language})`, () => {
    const { js } = page.totals.brotli;
    const files = page.js.map((file) => `${file.file} ${kb(file.brotli ?? file.raw)}`).join(', ');
    assert.ok(js <= LOGIN_JS_BUDGET_BYTES, `${kb(js)} of JavaScript (brotli): ${files}`);
  });

  test(`the sign-in page loads at most ${kb(LOGIN_TOTAL_BUDGET_BYTES)} in all (HTML, CSS, JavaScript) (${language})`, () => {
    const { all } = page.totals.brotli;
    assert.ok(all <= LOGIN_TOTAL_BUDGET_BYTES, `${kb(all)} in all (brotli)`);
  });

  test(`every file of the sign-in page has its compressed versions (the server sends them) (${language})`, () => {
    for (const file of [page.html, ...page.css, ...page.js]) {
      const worth = file.raw > 1000;
      if (worth) assert.ok(file.brotli !== null && file.gzip !== null, `${file.file} has no .br or .gz`);
    }
  });

  test(`the dashboard's frame loads at most ${kb(DASHBOARD_FRAME_JS_BUDGET_BYTES)} of compressed JavaScript (${language})`, () => {
    const { js } = frame.totals.brotli;
    const files = frame.js.map((file) => `${file.file} ${kb(file.brotli ?? file.raw)}`).join(', ');
    assert.ok(js <= DASHBOARD_FRAME_JS_BUDGET_BYTES, `${kb(js)} of JavaScript (brotli): ${files}`);
  });
}

test('each page counts the texts files of its chunks in its language, and no other (decision 239)', () => {
  for (const language of PAGE_LANGUAGES) {
    const files = loginPageWeight(WEB_DIST, language).js.map((file) => file.file);
    const texts = files.filter((file) => file.startsWith('assets/texts/'));
    assert.ok(texts.length > 0, `no texts file among ${files.join(', ')} (${language})`);
    assert.ok(
      texts.every((file) => file.startsWith(`assets/texts/${language}-`)),
      `${texts.join(', ')} (${language})`,
    );
  }
});

// Strings that minification keeps: zod's type names, its generator, react-hook-form's options.
const markers = {
  zod: '$ZodType',
  'zod JSON schema': 'toJSONSchema',
  'react-hook-form': 'shouldUnregister',
};

function assertNoSchemaNorForm(files) {
  for (const file of files) {
    const code = readFileSync(path.join(WEB_DIST, file.file), 'utf8');
    for (const [library, marker] of Object.entries(markers)) {
      assert.ok(!code.includes(marker), `${file.file} holds ${library}`);
    }
  }
}

test('the sign-in page loads neither zod (nor its JSON-schema generator) nor react-hook-form', () => {
  assertNoSchemaNorForm(weight.js);
});

test("the dashboard's frame (entry, shell, page) loads neither zod nor react-hook-form (decision 152)", () => {
  assertNoSchemaNorForm(dashboard.js);
});

// Decision 160: the chart's and the table's chunks build the schemas of the dashboard's two answers, not
// those of every screen (accounts, persons, the money forms' inputs): building them as the chunks load was
// the longest task after the welcome's paint. `money.ts` builds its schemas only when asked (a function).
const FIGURES_SCHEMA_MODULES = [
  'balance-series.ts',
  'pagination.ts',
  'transactions/transaction.ts',
  'transactions/types.ts',
  'money.ts',
];

test("the dashboard's chart and latest transactions build only the schemas of their answers (decision 160)", () => {
  const modules = dashboardFiguresDomainModules();
  assert.ok(
    modules.some(({ module }) => module === 'transactions/transaction.ts'),
    `the figures' domain modules: ${modules.map(({ module }) => module).join(', ')}`,
  );
  const others = modules.filter(({ module, zod }) => zod && !FIGURES_SCHEMA_MODULES.includes(module));
  assert.deepEqual(
    others.map(({ module }) => module),
    [],
    'these domain modules build schemas when the chart or the table loads',
  );
});
