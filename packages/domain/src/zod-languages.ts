import { i18n } from '@lingui/core';
import { z } from 'zod';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const kreyolSizes: Record<string, string> = {
  string: 'karaktè',
  array: 'eleman',
  set: 'eleman',
  file: 'okte',
};

/**
 * Zod's own messages (a wrong type, a value out of range) in Kreyòl, as `z.locales.fr()` says them in French:
 * the domain's schemas carry their own texts wherever the spec gives one (decision 236).
 */
function kreyolError(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return 'Valè sa a pa bon : se pa kalite nou te tann nan';
    case 'invalid_value':
      return 'Valè sa a pa youn nan sa yo aksepte';
    case 'too_small': {
      const unit = kreyolSizes[issue.origin];
      const minimum = String(issue.minimum);
      return unit ? `Twò kout : omwen ${minimum} ${unit}` : `Twò piti : omwen ${minimum}`;
    }
    case 'too_big': {
      const unit = kreyolSizes[issue.origin];
      const maximum = String(issue.maximum);
      return unit ? `Twò long : pa plis pase ${maximum} ${unit}` : `Twò gwo : pa plis pase ${maximum}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'Adrès imel sa a pa bon' : 'Fòma sa a pa bon';
    case 'not_multiple_of':
      return `Valè a dwe yon miltip ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Chan nou pa konnen : ${issue.keys.join(', ')}`;
    default:
      return 'Valè sa a pa bon';
  }
}

const frenchError = z.locales.fr().localeError;

/** Zod's messages in the language of the moment: one map a language. */
export const zodLocaleError: z.core.$ZodErrorMap = (issue) =>
  i18n.locale === 'ht' ? kreyolError(issue) : frenchError?.(issue);
