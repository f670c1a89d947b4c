import { afterEach, describe, expect, it } from 'vitest';
import { migrationBefore, scratchDatabase, type ScratchDatabase } from '../helpers/migrations.js';

/* Migrations that rewrite rows, each run on rows as the version before it stored them. */

let scratch: ScratchDatabase | undefined;
afterEach(async () => {
  await scratch?.close();
  scratch = undefined;
});

async function databaseBefore(tag: string): Promise<ScratchDatabase> {
  scratch = await scratchDatabase();
  await scratch.migrateTo(await migrationBefore(tag));
  return scratch;
}

describe('0036_phones_e164', () => {
  it('rewrites the numbers in E.164 and lists, unchanged, one whose rewrite another person holds', async () => {
    const { session, migrateTo } = await databaseBefore('0036_phones_e164');
    const person = async (firstName: string, phone: string | null) =>
      (
        await session.query<{ id: string }>(
          `INSERT INTO persons (first_name, last_name, phone_number) VALUES ($1, 'Ancien', $2) RETURNING id`,
          [firstName, phone],
        )
      )[0]!.id;
    const shapes: [string, string][] = [
      ['37123456', '+50937123456'],
      ['50937120011', '+50937120011'],
      ['0050937120012', '+50937120012'],
      ['0012025550123', '+12025550123'],
      ['0033612345678', '+33612345678'],
      ['+330612345679', '+33612345679'],
      ['612345678', '612345678'],
      ['+50937120013', '+50937120013'],
    ];
    const ids: string[] = [];
    for (const [stored] of shapes) ids.push(await person('Forme', stored));
    const none = await person('Sans', null);
    const holder = await person('Titulaire', '+50937120002');
    const kept = await person('Doublon', '37120002');
    // Two persons whose numbers become one: neither moves, both are listed.
    const twinA = await person('Jumeau', '37120005');
    const twinB = await person('Jumelle', '50937120005');
    await session.query(
      `INSERT INTO agents (code, name, type, phone) VALUES ('AG-1', 'Un', 'Business', '+330712345678'),
         ('AG-2', 'Deux', 'Business', '37120009'), ('AG-3', 'Trois', 'Business', NULL)`,
    );

    await migrateTo('0036_phones_e164');

    const phones = Object.fromEntries(
      (
        await session.query<{ id: string; phone: string | null }>(
          `SELECT id, phone_number AS phone FROM persons`,
        )
      ).map((row) => [row.id, row.phone]),
    );
    expect(shapes.map(([stored], index) => [stored, phones[ids[index]!]])).toEqual(shapes);
    expect([phones[none], phones[holder], phones[kept], phones[twinA], phones[twinB]]).toEqual([
      null,
      '+50937120002',
      '37120002',
      '37120005',
      '50937120005',
    ]);
    expect(
      await session.query(
        `SELECT person_id, phone_number, normal_form FROM phone_reviews ORDER BY phone_number`,
      ),
    ).toEqual([
      { person_id: kept, phone_number: '37120002', normal_form: '+50937120002' },
      { person_id: twinA, phone_number: '37120005', normal_form: '+50937120005' },
      { person_id: twinB, phone_number: '50937120005', normal_form: '+50937120005' },
    ]);
    expect(await session.query(`SELECT code, phone FROM agents ORDER BY code`)).toEqual([
      { code: 'AG-1', phone: '+33712345678' },
      { code: 'AG-2', phone: '+50937120009' },
      { code: 'AG-3', phone: null },
    ]);
  });
});

describe('0028_folded_names_stored', () => {
  it('stores the folded names of the persons already there', async () => {
    const { session, migrateTo } = await databaseBefore('0028_folded_names_stored');
    await session.query(
      `INSERT INTO persons (first_name, last_name) VALUES ('Élise', 'Désir-Ménard'), ('JEAN', 'Pierre')`,
    );

    await migrateTo('0028_folded_names_stored');

    expect(
      await session.query(
        `SELECT first_name, full_name_folded, last_name_folded FROM persons ORDER BY first_name`,
      ),
    ).toEqual([
      { first_name: 'JEAN', full_name_folded: 'jean pierre', last_name_folded: 'pierre' },
      { first_name: 'Élise', full_name_folded: 'elise desir-menard', last_name_folded: 'desir-menard' },
    ]);
  });
});

describe('0046_sms_delivery', () => {
  it('fills the delivery columns of the SMS queued before it', async () => {
    const { session, migrateTo } = await databaseBefore('0046_sms_delivery');
    await session.query(
      `INSERT INTO sms_outbox (kind, to_number, language, text_body) VALUES ('receipt', '+50937001234', 'fr', 'Reçu')`,
    );
    await migrateTo('0046_sms_delivery');
    const [row] = await session.query<{ smsc_message_ids: string[]; parts: number | null }>(
      'SELECT smsc_message_ids, parts FROM sms_outbox',
    );
    expect(row).toEqual({ smsc_message_ids: [], parts: null });
  });
});
