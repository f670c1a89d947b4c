import { correctionMessages } from '../../corrections-texts.js';
import { correctionParamsSchema } from '../../corrections.js';
import { declareMoneyFlow } from './declaration.js';

/**
 * A correction's reversal (decision 226), posted by its request's id: at approval when no cash moves,
 * else carried out at a counter (this path); no body.
 */
export const reversalDeclaration = declareMoneyFlow('reversal', {
  path: '/corrections/:id/execute',
  input: correctionParamsSchema,
  success: () => correctionMessages.executed,
  failure: () => correctionMessages.failure,
});
