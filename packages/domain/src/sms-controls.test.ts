import { describe, expect, it } from 'vitest';
import { maskSmsNumber, SMS_KIND_DISABLED, smsLastErrorLabel } from './sms-controls.js';

describe('the operators’ view of an SMS (decision 242)', () => {
  it('masks a number to its country’s code and last four digits, whatever its length', () => {
    expect(maskSmsNumber('+50937001234')).toBe('+509****1234');
    expect(maskSmsNumber('+18095551234')).toBe('+1****1234');
    expect(maskSmsNumber('+33612345678')).toBe('+33****5678');
  });

  it('says the switch’s failure in words, an operator’s code as it came', () => {
    expect(smsLastErrorLabel(SMS_KIND_DISABLED)).toBe('Type de message désactivé au moment de l’envoi');
    expect(smsLastErrorLabel('ESME_RTHROTTLED')).toBe('ESME_RTHROTTLED');
    expect(smsLastErrorLabel(null)).toBeNull();
  });
});
