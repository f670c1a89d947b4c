import type { SessionUser } from '@lajan/domain';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { sessionOf } from './plugin.js';

/**
 * Who writes a versioned schedule (the fees, decision 150; a customer's limits, decision 227), from where,
 * at what time of the app's clock: what its audit row records.
 */
export interface ScheduleEditor {
  session: SessionUser;
  ip: string;
  now: Date;
}

export function scheduleEditorOf(request: FastifyRequest, clock: Clock): ScheduleEditor {
  return { session: sessionOf(request), ip: request.ip, now: clock.now() };
}
