import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  checkLoginInput,
  readLoginAnswer,
  readSessionUser,
  type LoginInput,
  type LoginResponse,
  type SessionUser,
} from './sign-in.js';
import { loginInputSchema, loginResponseSchema, sessionUserSchema } from './sign-in-schemas.js';

// The sign-in page checks by hand (no zod on its path, decision 145); the server with the schemas.
// Both must agree on every case, and their types must be the same.

const teller: SessionUser = {
  id: '0b7c6a1e-0000-4000-8000-000000000001',
  username: 'caissiere',
  firstName: 'Jérôme',
  lastName: 'Lézard',
  email: 'jerome@example.ht',
  role: 'user',
  isSuperAdmin: false,
  passwordUpdatedAt: '2026-01-02T03:04:05.000Z',
  agent: { code: 'AG-001', name: 'Agence Centrale', role: 'agent' },
  language: 'fr',
};

const users: unknown[] = [
  teller,
  { ...teller, agent: null, passwordUpdatedAt: null, role: 'sudo', isSuperAdmin: true },
  { ...teller, extra: 'ignored' },
  { ...teller, role: 'root' },
  { ...teller, isSuperAdmin: 'false' },
  { ...teller, passwordUpdatedAt: undefined },
  { ...teller, agent: { ...teller.agent, role: 'boss' } },
  { ...teller, agent: { code: 'AG-001', role: 'agent' } },
  { ...teller, agent: undefined },
  { ...teller, language: 'ht' },
  { ...teller, language: undefined },
  { ...teller, language: 'en' },
  { ...teller, language: null },
  { ...teller, email: 12 },
  { ...teller, id: undefined },
  null,
  'caissiere',
  [],
];

describe('the sign-in path without zod', () => {
  it('reads a session user exactly as sessionUserSchema does', () => {
    for (const user of users) {
      const parsed = sessionUserSchema.safeParse(user);
      expect(readSessionUser(user), JSON.stringify(user)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('reads a sign-in answer exactly as loginResponseSchema does', () => {
    const answer = { access_token: 'a.b.c', token_type: 'Bearer', expires_in: 1800, user: teller };
    const answers: unknown[] = [
      answer,
      { ...answer, token_type: 'bearer' },
      { ...answer, expires_in: 1800.5 },
      { ...answer, expires_in: '1800' },
      { ...answer, access_token: null },
      { ...answer, user: { ...teller, role: 'root' } },
      undefined,
    ];
    for (const data of answers) {
      const parsed = loginResponseSchema.shape.data.safeParse(data);
      expect(readLoginAnswer(data), JSON.stringify(data)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('checks the sign-in form as loginInputSchema does, with the same messages', () => {
    const inputs = [
      { username: 'caissiere', password: 'secret' },
      { username: '  caissiere  ', password: ' secret ' },
      { username: '   ', password: 'secret' },
      { username: 'caissiere', password: '' },
      { username: '', password: '' },
      {},
      { username: 12, password: true },
    ];
    for (const input of inputs) {
      const parsed = loginInputSchema.safeParse(input);
      const checked = checkLoginInput(input);
      if (parsed.success) {
        expect(checked, JSON.stringify(input)).toEqual({ ok: true, input: parsed.data });
      } else {
        const messages = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path[0], issue.message]),
        );
        expect(checked, JSON.stringify(input)).toEqual({ ok: false, errors: messages });
      }
    }
  });

  it('declares the same types as the schemas infer', () => {
    expectTypeOf<z.infer<typeof sessionUserSchema>>().toEqualTypeOf<SessionUser>();
    expectTypeOf<z.infer<typeof loginInputSchema>>().toEqualTypeOf<LoginInput>();
    expectTypeOf<z.infer<typeof loginResponseSchema>>().toEqualTypeOf<LoginResponse>();
  });
});
