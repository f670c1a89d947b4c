// Corrections (decision 226): the requests, their decisions, and the reversal they post.
export { correctionsRoutes } from './routes.js';
export { correctionMoneyScopes } from './scopes.js';
export { CorrectionsService } from './service.js';
