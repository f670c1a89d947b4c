import { describe, expect, it } from 'vitest';
import { formatHtg } from '../money.js';
import { feeVersionTexts } from './fee-version-texts.js';

describe('feeVersionTexts.heldRefused', () => {
  it('writes the new fee and total as formatHtg does, and says to type the operation again', () => {
    expect(feeVersionTexts.heldRefused(1500.5, 101510)).toBe(
      `les frais ont changé ; elle n'a pas été enregistrée. Nouveaux frais : ${formatHtg(1500.5)}, total ${formatHtg(101510)}. Saisissez-la à nouveau si le client accepte.`,
    );
    expect(feeVersionTexts.heldRefused(null, null)).toBe(
      "les frais ont changé ; elle n'a pas été enregistrée. Saisissez-la à nouveau si le client accepte.",
    );
  });
});
