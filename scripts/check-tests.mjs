// Fails when a test is narrowed or silenced (.only, .skip, .todo, fixme, xit): in CI nothing may be skipped.
import { execSync } from 'node:child_process';

const pattern = String.raw`\b(it|test|describe)\.(only|skip|todo|fixme)\(|\bxit\(|\bxdescribe\(|test\.fixme\(`;
let found = '';
try {
  found = execSync(`git grep -nE '${pattern}' -- '*.ts' '*.tsx' '*.mjs' ':!scripts/check-tests.mjs'`, {
    encoding: 'utf8',
  });
} catch {
  found = '';
}
if (found.trim()) {
  console.error('Des tests sont ignorés ou restreints ; rien ne doit être ignoré :\n' + found);
  process.exit(1);
}
console.log('check-tests: aucun test ignoré.');
