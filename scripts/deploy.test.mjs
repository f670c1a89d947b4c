// The proxy's one configuration file and what fills it (decision 229): the compose file's nginx, the
// systemd recipe's envsubst and the CI smoke test must name the same variables. `node --test scripts/deploy.test.mjs`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { counterValue, renderTemplate } from '../bench/prod-smoke.mjs';

const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const NAMES = ['LAJAN_API_1', 'LAJAN_API_2', 'LAJAN_LISTEN', 'LAJAN_TLS_CERT', 'LAJAN_TLS_KEY'];

test('a template is filled as envsubst fills it: the names given, nginx’s own $variables untouched', () => {
  const text = 'listen ${LAJAN_LISTEN} ssl; proxy_set_header Host $host; ${UNSET} ${http_host}';
  assert.equal(
    renderTemplate(text, { LAJAN_LISTEN: '443' }),
    'listen 443 ssl; proxy_set_header Host $host; ${UNSET} ${http_host}',
  );
});

test('deploy/nginx.conf asks for the variables the compose file, the recipe and the smoke test give', () => {
  const asked = [
    ...new Set([...read('deploy/nginx.conf').matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1])),
  ].sort();
  assert.deepEqual(asked, NAMES);
  const compose = read('compose.yaml');
  const smoke = read('bench/prod-smoke.mjs');
  const operations = read('docs/operations.md');
  for (const name of NAMES) {
    assert.match(compose, new RegExp(`^ {6}${name}: `, 'm'), `compose.yaml: ${name}`);
    assert.match(smoke, new RegExp(`^ {6}${name}: `, 'm'), `bench/prod-smoke.mjs: ${name}`);
    assert.ok(operations.includes(`\${${name}}`), `docs/operations.md: ${name}`);
  }
});

test('a counter is summed over the samples that carry the labels asked for', () => {
  const text = [
    '# HELP lajan_postings_total Mouvements',
    '# TYPE lajan_postings_total counter',
    'lajan_postings_total{type="agent_deposit",outcome="posted"} 2',
    'lajan_postings_total{type="agent_deposit",outcome="replayed"} 1',
    'lajan_postings_total{type="deposit",outcome="posted"} 5',
    'lajan_postings_total_created{type="deposit",outcome="posted"} 1733430000',
    'lajan_other 7',
  ].join('\n');
  assert.equal(counterValue(text, 'lajan_postings_total', { type: 'agent_deposit', outcome: 'posted' }), 2);
  assert.equal(counterValue(text, 'lajan_postings_total', { outcome: 'posted' }), 7);
  assert.equal(counterValue(text, 'lajan_postings_total'), 8);
  assert.equal(counterValue(text, 'lajan_other'), 7);
  assert.equal(counterValue('', 'lajan_postings_total'), 0);
});
