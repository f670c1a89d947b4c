// The live PL/pgSQL of a migrated database, in lines per function (issue 41): a scratch database gets the
// server folder's migrations, then its sql/ sources if any; prints each function's lines, total, longest.
// node bench/plpgsql-size.mjs [apps/server] [postgres://postgres@127.0.0.1:5432/postgres]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

const server = resolve(process.argv[2] ?? 'apps/server');
const adminUrl = process.argv[3] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `plpgsql_size_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const client = new pg.Client({ connectionString: url.toString() });
try {
  await client.connect();
  // The migrations in the journal's order, each cut where drizzle cuts it.
  const journal = JSON.parse(readFileSync(join(server, 'drizzle/meta/_journal.json'), 'utf8'));
  for (const { tag } of /** @type {{ entries: { tag: string }[] }} */ (journal).entries)
    for (const statement of readFileSync(join(server, 'drizzle', `${tag}.sql`), 'utf8').split(
      '--> statement-breakpoint',
    ))
      if (statement.trim()) await client.query(statement);
  const sources = join(server, 'sql');
  if (existsSync(sources))
    for (const file of readdirSync(sources)
      .filter((entry) => entry.endsWith('.sql'))
      .sort())
      await client.query(readFileSync(join(sources, file), 'utf8'));
  const { rows } = await client.query(`
    select p.proname as name, array_length(string_to_array(trim(both E'\\n' from p.prosrc), E'\\n'), 1) as lines
    from pg_proc p join pg_language l on l.oid = p.prolang join pg_namespace n on n.oid = p.pronamespace
    where l.lanname = 'plpgsql' and n.nspname = 'public' order by 2 desc, 1`);
  for (const row of rows) console.log(`${String(row.lines).padStart(5)}  ${row.name}`);
  const total = rows.reduce((sum, row) => sum + row.lines, 0);
  console.log(
    `${String(total).padStart(5)}  in all, ${rows.length} functions; longest ${rows[0]?.name} (${rows[0]?.lines})`,
  );
} finally {
  await client.end().catch(() => undefined);
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}
