import { describe, expect, it } from 'vitest';
import { createAgentInputSchema } from './agents.js';
import { createUserInputSchema } from './users.js';

function messages(
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? [])
    out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('agent creation (SPEC §5)', () => {
  it('says what is missing, in French', () => {
    expect(messages(createAgentInputSchema, { email: '', personIds: [] })).toEqual({
      name: 'Le nom est requis',
      address: "L'adresse est requise",
      email: "L'email est requis",
      phone: 'Le téléphone est requis',
      type: 'Type invalide',
      username: "Le nom d'utilisateur est requis",
      personIds: 'Veuillez sélectionner au moins une personne.',
    });
    expect(messages(createAgentInputSchema, {})).toMatchObject({ personIds: 'Les personnes sont requises' });
  });

  it('accepts the three phone prefixes and refuses others', () => {
    const base = {
      name: 'Boutik Lakay',
      address: '12 rue Capois',
      email: 'boutik@example.ht',
      type: 'Business',
      username: 'boutiklakay',
      personIds: ['p1'],
    };
    for (const phone of ['+509 3712 3456', '+1 305 555 0100', '+33 6 12 34 56 78']) {
      expect(createAgentInputSchema.safeParse({ ...base, phone }).success).toBe(true);
    }
    expect(messages(createAgentInputSchema, { ...base, phone: '+44 20 7946 0000' })).toEqual({
      phone: 'Numéro de téléphone invalide',
    });
    expect(messages(createAgentInputSchema, { ...base, phone: '+50937123456', email: 'x@' })).toEqual({
      email: 'Email invalide',
    });
  });
});

describe('user creation (SPEC §5)', () => {
  it('requires a role, an 8-character username and a person', () => {
    expect(messages(createUserInputSchema, { role: '', username: 'court', personId: '' })).toEqual({
      role: 'Le rôle est requis',
      username: "Le nom d'utilisateur doit contenir au moins 8 caractères",
      personId: 'Veuillez sélectionner une personne',
    });
    expect(createUserInputSchema.parse({ role: 'user', username: 'marie.joseph', personId: 'p' }).role).toBe(
      'user',
    );
  });
});
