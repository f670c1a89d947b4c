import { authMessages } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema.js';
import { build, SUPERADMIN } from '../../helpers/build.js';
import { call, login, tokenOf, userRow } from '../../helpers/fixtures.js';

const NEW_PASSWORD = 'Lajan-Nouveau-2026';

describe('POST /api/users/update-password', () => {
  it('sets the new password and passwordUpdatedAt, ends every other session, and answers a fresh token (decision 133)', async () => {
    const { app, clock, database } = await build();
    const token = await tokenOf(app, SUPERADMIN.username, SUPERADMIN.password);
    expect((await userRow(database.db, SUPERADMIN.username)).passwordUpdatedAt).toBeNull();

    const answer = await call(app, 'POST', '/api/users/update-password', {
      token,
      body: {
        current_password: SUPERADMIN.password,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        message: authMessages.passwordUpdated,
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 30 * 60,
        user: expect.objectContaining({
          username: SUPERADMIN.username,
          passwordUpdatedAt: clock.now().toISOString(),
        }),
      },
    });
    const row = await userRow(database.db, SUPERADMIN.username);
    expect(row.passwordUpdatedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(row.tokenVersion).toBe(1);

    // The old token is over; the fresh one goes on, past the first-password gate.
    expect((await call(app, 'GET', '/api/auth/user', { token })).status).toBe(401);
    const fresh = answer.body.data.access_token as string;
    const me = await call(app, 'GET', '/api/auth/user', { token: fresh });
    expect(me.status).toBe(200);
    expect(me.body.data.user.passwordUpdatedAt).toBe(clock.now().toISOString());
    expect((await call(app, 'GET', '/api/agents', { token: fresh })).status).toBe(200);
    expect((await login(app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(401);
    const again = await login(app, SUPERADMIN.username, NEW_PASSWORD);
    expect(again.status).toBe(200);
    expect(again.body.data.user.passwordUpdatedAt).toBe(clock.now().toISOString());

    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.password_changed'));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('refuses a wrong current password under its field, and changes nothing', async () => {
    const { app, database } = await build();
    const token = await tokenOf(app, SUPERADMIN.username, SUPERADMIN.password);

    const answer = await call(app, 'POST', '/api/users/update-password', {
      token,
      body: {
        current_password: 'pas-le-bon-mot',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });

    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Le mot de passe actuel est incorrect',
      code: 'VALIDATION_ERROR',
      errors: { current_password: ['Le mot de passe actuel est incorrect'] },
    });
    expect((await userRow(database.db, SUPERADMIN.username)).passwordUpdatedAt).toBeNull();
    expect((await call(app, 'GET', '/api/auth/user', { token })).status).toBe(200);
  });

  it('refuses to keep the same password', async () => {
    const { app } = await build();
    const token = await tokenOf(app, SUPERADMIN.username, SUPERADMIN.password);
    const answer = await call(app, 'POST', '/api/users/update-password', {
      token,
      body: {
        current_password: SUPERADMIN.password,
        password: SUPERADMIN.password,
        password_confirmation: SUPERADMIN.password,
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ password: [authMessages.samePassword] });
  });

  it('checks the form as the web app does', async () => {
    const { app } = await build();
    const token = await tokenOf(app, SUPERADMIN.username, SUPERADMIN.password);

    const short = await call(app, 'POST', '/api/users/update-password', {
      token,
      body: { current_password: SUPERADMIN.password, password: 'court', password_confirmation: 'autre' },
    });
    expect(short.status).toBe(422);
    expect(short.body).toEqual({
      message: 'Veuillez corriger les erreurs du formulaire',
      code: 'VALIDATION_ERROR',
      errors: {
        password: ['Au moins 8 caractères'],
        password_confirmation: ['Les mots de passe doivent correspondre'],
      },
    });

    const empty = await call(app, 'POST', '/api/users/update-password', { token, body: {} });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors as object)).toEqual([
      'current_password',
      'password',
      'password_confirmation',
    ]);
    expect(empty.body.errors.password_confirmation).toEqual(['La confirmation est requise']);
  });

  it('answers 401 without a token', async () => {
    const { app } = await build();
    const answer = await call(app, 'POST', '/api/users/update-password', {
      body: {
        current_password: SUPERADMIN.password,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });
});
