// Writes docs/decisions/README.md, the list of decision records with their status, from the records
// themselves: a record's head says "Amends decision(s) N …" or "Amended by / Superseded by decision N".
// `--check` fails when the README on disk is not the one the records give (run by `npm test`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = new URL('../docs/decisions/', import.meta.url).pathname;
const recordName = /^(\d{3})-.+\.md$/;

/** The record's lines before its first section: where it says what it amends or what amended it. */
function headOf(text) {
  const lines = text.split('\n');
  const end = lines.findIndex((line, index) => index > 0 && line.startsWith('## '));
  return lines.slice(1, end === -1 ? lines.length : end).join(' ');
}

/** Decision numbers named in the sentences of `head` that start with `lead`, parentheses left out. */
function numbersAfter(head, lead) {
  const found = [];
  for (const match of head.matchAll(new RegExp(`${lead}[^.:]*`, 'gi'))) {
    const sentence = match[0].replace(/\([^)]*\)/g, '');
    for (const number of sentence.matchAll(/\b(\d{3})\b/g)) found.push(number[1]);
  }
  return found;
}

const records = readdirSync(folder)
  .filter((name) => recordName.test(name))
  .sort()
  .map((file) => {
    const text = readFileSync(join(folder, file), 'utf8');
    const head = headOf(text);
    return {
      file,
      number: recordName.exec(file)[1],
      title: text.split('\n')[0].replace(/^#\s*\d{3}:\s*/, ''),
      amends: numbersAfter(head, 'Amends (?:decisions? )?'),
      amendedBy: numbersAfter(head, 'Amended by (?:decisions? )?'),
      supersededBy: numbersAfter(head, 'Superseded by (?:decisions? )?'),
    };
  });

const known = new Set(records.map((record) => record.number));
const amendedBy = new Map(
  records.map((record) => [record.number, new Set(record.amendedBy.filter((number) => known.has(number)))]),
);
for (const record of records) {
  for (const number of record.amends) amendedBy.get(number)?.add(record.number);
}

function statusOf(record) {
  const supersededBy = record.supersededBy.filter((number) => known.has(number));
  if (supersededBy.length > 0) return `superseded by ${supersededBy.join(', ')}`;
  const amenders = [...amendedBy.get(record.number)].sort();
  return amenders.length > 0 ? `amended by ${amenders.join(', ')}` : 'accepted';
}

const readme = [
  '# Decision records',
  '',
  'One record per decision that a newcomer would question: context, decision, consequences. A record is never',
  'rewritten; a later one amends or supersedes it and says so in its first lines ("Amends decision N",',
  '"Amended by decision N", "Superseded by decision N"). This list is written from those lines by',
  '`node scripts/decisions-index.mjs`; `npm test` fails when it is out of date.',
  '',
  '| decision | status |',
  '| --- | --- |',
  ...records.map((record) => `| [${record.number}: ${record.title}](${record.file}) | ${statusOf(record)} |`),
  '',
].join('\n');

const target = join(folder, 'README.md');
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = '';
  }
  if (current !== readme) {
    console.error('docs/decisions/README.md est à refaire : lancez `node scripts/decisions-index.mjs`.');
    process.exit(1);
  }
  console.log(`decisions-index: ${records.length} décisions listées.`);
} else {
  writeFileSync(target, readme);
  console.log(`docs/decisions/README.md: ${records.length} decisions.`);
}
