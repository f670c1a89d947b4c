import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../../db/audit.js';
import { generatePassword, hashPassword } from '../auth/index.js';
import { findOrInsertPersonByEmail } from '../persons/index.js';
import { hasActiveSuperAdmin, insertSuperAdmin } from './store.js';

/** Rolls back the person when another process created the super administrator first. */
class AlreadyCreated extends Error {}

/**
 * Creates the super administrator at the first start. Like every new user it
 * has no `passwordUpdatedAt`, so it must choose its own password at its first sign-in.
 * A generated password goes to `printSecret` (standard error), once, never to the app log.
 */
export async function ensureSuperAdmin(
  db: Db,
  superAdmin: Config['superAdmin'],
  clock: Clock,
  printSecret: (line: string) => void,
): Promise<'created' | 'exists'> {
  if (await hasActiveSuperAdmin(db)) return 'exists';
  const password = superAdmin.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      const person = await findOrInsertPersonByEmail(tx, {
        firstName: 'Super',
        lastName: 'Administrateur',
        email: superAdmin.email,
        now,
      });
      const user = await insertSuperAdmin(tx, {
        username: superAdmin.username,
        passwordHash,
        personId: person.id,
        now,
      });
      if (!user) throw new AlreadyCreated();
      await recordAudit(tx, {
        at: now,
        action: 'users.super_admin_created',
        actor: null,
        target: superAdmin.username,
        details: { generatedPassword: superAdmin.password === undefined },
      });
    });
  } catch (error) {
    if (error instanceof AlreadyCreated) return 'exists';
    throw error;
  }
  if (superAdmin.password === undefined) {
    printSecret(
      `Lajan : super administrateur « ${superAdmin.username} » créé avec le mot de passe temporaire : ${password}\n` +
        '        (affiché une seule fois ; il devra être changé à la première connexion)\n',
    );
  }
  return 'created';
}
