import { describe, expect, it } from 'vitest';
import { agentAdmin, teller } from '../test/users';
import { makeToken } from '../test/tokens';
import { operationDraftsOf } from './operation-drafts';
import { createSessionStore } from './session';

const draft = {
  path: '/transaction/external-transfer/receive',
  step: 1,
  values: { recipient: { firstName: 'Marie', lastName: 'Joseph', idDocumentNumber: 'PA123456' } },
  extra: { number: '738 291 045 560' },
};

describe('an operation kept while the drawer opens (decision 210)', () => {
  it('is kept in memory for its teller, and nothing of it stays after sign-out or for another user', () => {
    const session = createSessionStore({ storage: null });
    session.signIn(makeToken(teller));
    const drafts = operationDraftsOf(session);
    drafts.keep('a', draft);
    expect(drafts.peek('a')).toMatchObject(draft);

    session.clear('user');
    expect(drafts.peek('a')).toBeUndefined();

    session.signIn(makeToken(teller));
    drafts.keep('b', draft);
    session.signIn(makeToken(agentAdmin));
    expect(drafts.peek('b')).toBeUndefined();
    session.dispose();
  });
});
