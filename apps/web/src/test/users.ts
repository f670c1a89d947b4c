import type { SessionUser } from '@lajan/domain';

const base = {
  email: 'personne@lajan.test',
  passwordUpdatedAt: '2026-11-01T10:00:00.000Z',
  language: 'fr' as const,
};

export const superAdmin: SessionUser = {
  ...base,
  id: '00000000-0000-4000-8000-000000000001',
  username: 'superadmin',
  firstName: 'Rose',
  lastName: 'Lafleur',
  email: 'superadmin@lajan.test',
  role: 'sudo',
  isSuperAdmin: true,
  agent: null,
};

export const agentAdmin: SessionUser = {
  ...base,
  id: '00000000-0000-4000-8000-000000000002',
  username: 'admincap',
  firstName: 'Jérôme',
  lastName: 'Pierre',
  email: 'jerome@lajan.test',
  role: 'agent_admin',
  isSuperAdmin: false,
  agent: { code: 'CAP01', name: 'Cap Services', role: 'admin' },
};

export const teller: SessionUser = {
  ...base,
  id: '00000000-0000-4000-8000-000000000003',
  username: 'caissiere',
  firstName: 'Nadège',
  lastName: 'Joseph',
  email: 'nadege@lajan.test',
  role: 'user',
  isSuperAdmin: false,
  agent: { code: 'CAP01', name: 'Cap Services', role: 'agent' },
};

export const audiences = { superAdmin, agentAdmin, teller } as const;
