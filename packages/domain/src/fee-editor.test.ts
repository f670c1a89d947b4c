import { describe, expect, it } from 'vitest';
import { feeScheduleInputSchema } from './fee-editor.js';
import { balanceSeriesQuerySchema } from './balance-series.js';
import { formatHtg } from './money.js';

const band = (min_amount: number, max_amount: number, fee = 10, agent_share = 4) => ({
  min_amount,
  max_amount,
  fee,
  agent_share,
});

function errorsOf(input: unknown): Record<string, string[]> {
  const result = feeScheduleInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('feeScheduleInputSchema', () => {
  it('takes effect now when effective_from is absent or null, later when it is a future moment with its offset', () => {
    const rows = [band(20, 100_000)];
    expect(errorsOf({ rows })).toEqual({});
    expect(errorsOf({ rows, effective_from: null })).toEqual({});
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(errorsOf({ rows, effective_from: tomorrow })).toEqual({});
    expect(errorsOf({ rows, effective_from: '2099-06-01T08:00:00-04:00' })).toEqual({});
  });

  it('refuses an effective_from in the past, without an offset, unreadable, or from 2100 on', () => {
    const rows = [band(20, 100_000)];
    expect(errorsOf({ rows, effective_from: new Date(Date.now() - 60_000).toISOString() })).toEqual({
      effective_from: ["La date d'entrée en vigueur doit être dans le futur"],
    });
    expect(errorsOf({ rows, effective_from: '2099-06-01T08:00' })).toEqual({
      effective_from: ["La date d'entrée en vigueur est invalide"],
    });
    expect(errorsOf({ rows, effective_from: 'demain' })).toEqual({
      effective_from: ["La date d'entrée en vigueur est invalide"],
    });
    expect(errorsOf({ rows, effective_from: '2100-01-01T00:00:00Z' })).toEqual({
      effective_from: ["La date d'entrée en vigueur doit être antérieure à 2100"],
    });
  });

  it('takes contiguous bands in any order, one centime apart', () => {
    expect(errorsOf({ rows: [band(100, 249.99), band(20, 99.99), band(250, 100_000, 0, 0)] })).toEqual({});
  });

  it('puts an overlap or a gap on the later band, at its index in the request', () => {
    expect(errorsOf({ rows: [band(100, 300), band(20, 100)] })).toEqual({
      'rows.0.min_amount': [`Cette tranche chevauche la tranche de ${formatHtg(20)} à ${formatHtg(100)}`],
    });
    expect(errorsOf({ rows: [band(20, 99.99), band(100.01, 200)] })).toEqual({
      'rows.1.min_amount': [
        `Cette tranche doit commencer à ${formatHtg(100)}, un centime après la fin de la précédente`,
      ],
    });
    expect(errorsOf({ rows: [band(20, 99.99), band(20, 99.99)] })).toEqual({
      'rows.1.min_amount': [`Cette tranche chevauche la tranche de ${formatHtg(20)} à ${formatHtg(99.99)}`],
    });
  });

  it('gives each wrong cell its own message and no other', () => {
    expect(errorsOf({ rows: [band(20, 99.999, 1, 2), band(100, 200, -1, 0)] })).toEqual({
      'rows.0.max_amount': ['La valeur ne peut pas avoir plus de deux décimales'],
      'rows.0.agent_share': ["La part de l'agent ne peut pas dépasser les frais"],
      'rows.1.fee': ['La valeur ne peut pas être négative'],
    });
    expect(errorsOf({ rows: [band(20, 200_000)] })).toEqual({
      'rows.0.max_amount': ['La valeur ne peut pas dépasser 100\u202f000\u00a0HTG'],
    });
    expect(errorsOf({})).toEqual({ rows: ['Au moins une tranche est requise'] });
  });

  it('refuses a value below one centime instead of reading it as zero', () => {
    expect(errorsOf({ rows: [band(20, 100_000, 4e-9, 0)] })).toEqual({
      'rows.0.fee': ['La valeur ne peut pas avoir plus de deux décimales'],
    });
  });
});

describe('balanceSeriesQuerySchema', () => {
  it('reads a missing or emptied period as 7 days and refuses another one', () => {
    expect(balanceSeriesQuerySchema.parse({})).toEqual({ period: '7d' });
    expect(balanceSeriesQuerySchema.parse({ period: '' })).toEqual({ period: '7d' });
    expect(balanceSeriesQuerySchema.parse({ period: '3m' })).toEqual({ period: '3m' });
    expect(balanceSeriesQuerySchema.safeParse({ period: '1y' }).error?.issues[0]?.message).toBe(
      'Période invalide',
    );
  });
});
