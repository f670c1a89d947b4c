import { describe, expect, it } from 'vitest';
import { resetPasswordInputSchema, updatePasswordInputSchema } from './auth.js';
import { can } from './permissions.js';
import type { SessionUser } from './sign-in.js';
import { loginInputSchema } from './sign-in-schemas.js';

function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('login input', () => {
  it('says which field is missing, in French', () => {
    expect(firstMessages(loginInputSchema.safeParse({ username: '  ', password: '' }))).toEqual({
      username: "Nom d'utilisateur requis",
      password: 'Mot de passe requis',
    });
    expect(firstMessages(loginInputSchema.safeParse({}))).toEqual({
      username: "Nom d'utilisateur requis",
      password: 'Mot de passe requis',
    });
  });
});

describe('password forms', () => {
  it('asks for at least 8 characters and a matching confirmation', () => {
    const result = updatePasswordInputSchema.safeParse({
      current_password: 'ancienmotdepasse',
      password: 'court',
      password_confirmation: 'autre',
    });
    expect(firstMessages(result)).toEqual({
      password: 'Au moins 8 caractères',
      password_confirmation: 'Les mots de passe doivent correspondre',
    });
  });

  it('says that the passwords differ even while another field is missing', () => {
    const result = resetPasswordInputSchema.safeParse({
      token: 'abc',
      password: 'NouveauMot2passe',
      password_confirmation: 'NouveauMot2pass',
    });
    expect(firstMessages(result)).toEqual({
      username: "Nom d'utilisateur requis",
      password_confirmation: 'Les mots de passe doivent correspondre',
    });
    // An empty confirmation is only "required", not also "different".
    expect(firstMessages(updatePasswordInputSchema.safeParse({ password: 'NouveauMot2passe' }))).toEqual({
      current_password: 'Mot de passe requis',
      password_confirmation: 'La confirmation est requise',
    });
  });

  it('accepts a valid reset', () => {
    expect(
      resetPasswordInputSchema.safeParse({
        username: 'superadmin',
        token: 'abc',
        password: 'NouveauMot2passe',
        password_confirmation: 'NouveauMot2passe',
      }).success,
    ).toBe(true);
  });
});

describe('permission table', () => {
  const base = {
    id: '1',
    username: 'u',
    firstName: 'a',
    lastName: 'b',
    email: 'e',
    passwordUpdatedAt: null,
    language: 'fr' as const,
  };
  const superAdmin: SessionUser = { ...base, role: 'sudo', isSuperAdmin: true, agent: null };
  const admin: SessionUser = {
    ...base,
    role: 'agent_admin',
    isSuperAdmin: false,
    agent: { code: 'A1', name: 'n', role: 'admin' },
  };
  const teller: SessionUser = {
    ...base,
    role: 'user',
    isSuperAdmin: false,
    agent: { code: 'A1', name: 'n', role: 'agent' },
  };

  it('gives the counter operations to tellers alone', () => {
    expect([superAdmin, admin, teller].map((u) => can(u, 'transactions.operate'))).toEqual([
      false,
      false,
      true,
    ]);
  });
  it('gives the agent network to the super administrator alone', () => {
    expect([superAdmin, admin, teller].map((u) => can(u, 'agents.manage'))).toEqual([true, false, false]);
  });
  it('hides "Mon Compte" from the super administrator', () => {
    expect([superAdmin, admin, teller].map((u) => can(u, 'account.self'))).toEqual([false, true, true]);
  });
  it("gives an agent's own users to its administrator alone", () => {
    expect([superAdmin, admin, teller].map((u) => can(u, 'agentUsers.manage'))).toEqual([false, true, false]);
  });
  it('allows nothing to a signed-out visitor', () => {
    expect(can(null, 'dashboard.view')).toBe(false);
  });
});
