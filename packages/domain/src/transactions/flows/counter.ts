import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { htgAmountSchema } from '../../money.js';
import { declareMoneyFlow } from './declaration.js';
import { accountNumberField, amountInCentimes, feeVersionField, partySchema } from './fields.js';

const depositObjectSchema = z.object({
  accountNumber: accountNumberField(),
  party: partySchema,
  amount: htgAmountSchema(),
  feeVersion: feeVersionField,
});

/** `POST /transactions/deposit` and the deposit wizard. */
export const depositInputSchema = depositObjectSchema.transform(amountInCentimes);
export type DepositInput = z.input<typeof depositInputSchema>;

/** `POST /transactions/withdraw` and the withdrawal wizard. */
export const withdrawInputSchema = depositObjectSchema.transform(amountInCentimes);
export type WithdrawInput = z.input<typeof withdrawInputSchema>;

/** The customer brings cash to an account. */
export const depositDeclaration = declareMoneyFlow('deposit', {
  path: '/transactions/deposit',
  input: depositInputSchema,
  success: msg`Dépôt réalisé avec succès`,
  failure: msg`Échec du dépôt`,
});

/** The customer takes cash from an account. */
export const withdrawalDeclaration = declareMoneyFlow('withdrawal', {
  path: '/transactions/withdraw',
  input: withdrawInputSchema,
  success: msg`Retrait réalisé avec succès`,
  failure: msg`Échec du retrait`,
});
