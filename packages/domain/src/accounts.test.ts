import { describe, expect, it } from 'vitest';
import { surelyNotAHolder } from './accounts.js';

const holders = [
  { idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
  { idDocumentType: 'passport', idDocumentNumber: 'pa123456' },
];

describe('surelyNotAHolder', () => {
  it('is true only for a document that none of the readable holders has', () => {
    expect(surelyNotAHolder(holders, { idDocumentType: 'id_card', idDocumentNumber: '999-999-999' })).toBe(
      true,
    );
    // The type counts: the same number on another kind of card is another document.
    expect(
      surelyNotAHolder(holders, { idDocumentType: 'driving_license', idDocumentNumber: '003-456-789' }),
    ).toBe(true);
  });

  it('compares the number as the ledger does: without case or outer spaces', () => {
    expect(surelyNotAHolder(holders, { idDocumentType: 'passport', idDocumentNumber: ' PA123456 ' })).toBe(
      false,
    );
    expect(surelyNotAHolder(holders, { idDocumentType: 'id_card', idDocumentNumber: '003-456-789' })).toBe(
      false,
    );
  });

  it('says nothing while the document is incomplete or a holder is masked (the ledger decides)', () => {
    expect(surelyNotAHolder(holders, { idDocumentType: 'id_card', idDocumentNumber: '' })).toBe(false);
    expect(surelyNotAHolder(holders, { idDocumentNumber: '999-999-999' })).toBe(false);
    expect(
      surelyNotAHolder([{ idDocumentType: 'id_card', idDocumentNumber: '••••••789' }], {
        idDocumentType: 'id_card',
        idDocumentNumber: '111-222-333',
      }),
    ).toBe(false);
    expect(surelyNotAHolder([], { idDocumentType: 'id_card', idDocumentNumber: '111-222-333' })).toBe(false);
  });
});
