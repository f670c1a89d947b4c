import { z } from 'zod';
import { feeTypes, quoteTypes, transactionStatuses, transactionTypes } from './names.js';

export const transactionTypeSchema = z.enum(transactionTypes, { error: 'Type de transaction invalide' });
export const transactionStatusSchema = z.enum(transactionStatuses);
export const feeTypeSchema = z.enum(feeTypes, { error: 'Type de frais invalide' });
export const quoteTypeSchema = z.enum(quoteTypes, { error: 'Type de frais invalide' });
