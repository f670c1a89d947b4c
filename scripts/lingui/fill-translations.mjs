// After merging branches that each translated their texts: `node scripts/lingui/fill-translations.mjs REV…`
// writes into locales/ht/*.po every empty msgstr whose msgid one of the REVs' ht catalogues translated
// (run `npm run i18n:extract` first). Lead's tool for decision 236's catalogues; writes nothing else.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = 'locales/ht';

/** The entries of a .po text: msgctxt, msgid, msgstr (each possibly continued on "…" lines). */
function entries(text) {
  const out = [];
  for (const block of text.split(/\n\n+/)) {
    const fields = {};
    let current = null;
    for (const line of block.split('\n')) {
      const start = line.match(/^(msgctxt|msgid|msgstr) (".*")$/);
      if (start) {
        current = start[1];
        fields[current] = JSON.parse(start[2]);
      } else if (current && line.startsWith('"')) fields[current] += JSON.parse(line);
    }
    if (fields.msgid)
      out.push({ key: `${fields.msgctxt ?? ''}\u0004${fields.msgid}`, msgstr: fields.msgstr ?? '' });
  }
  return out;
}

const known = new Map();
for (const rev of process.argv.slice(2)) {
  const files = execFileSync('git', ['ls-tree', '--name-only', `${rev}:${dir}`], { encoding: 'utf8' }).split(
    '\n',
  );
  for (const file of files.filter((name) => name.endsWith('.po'))) {
    const text = execFileSync('git', ['show', `${rev}:${dir}/${file}`], { encoding: 'utf8' });
    for (const entry of entries(text)) if (entry.msgstr) known.set(entry.key, entry.msgstr);
  }
}

let filled = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith('.po'))) {
  const path = `${dir}/${file}`;
  const blocks = readFileSync(path, 'utf8').split(/(\n\n+)/);
  const next = blocks.map((block) => {
    const [entry] = entries(block);
    if (!entry || entry.msgstr || !known.has(entry.key)) return block;
    filled += 1;
    return block.replace(/^msgstr ".*"(\n".*")*$/m, `msgstr ${JSON.stringify(known.get(entry.key))}`);
  });
  writeFileSync(path, next.join(''));
}
console.log(`fill-translations: ${filled} Kreyòl texts written back`);
