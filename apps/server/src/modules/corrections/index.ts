// Corrections (decision 226): the requests, their decisions, and the reversal they post.
export { correctionsRoutes } from './routes.js';
export { CorrectionsService } from './service.js';
