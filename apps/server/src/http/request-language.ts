import { negotiateLanguage, type Language } from '@lajan/domain';
import type { FastifyRequest } from 'fastify';

/**
 * The language to answer a request in (decision 237): the signed-in user's own choice, else what its
 * `Accept-Language` asks for, else French. A public route has no session, even with a token: the header decides.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return request.session?.language ?? negotiateLanguage(request.headers['accept-language']);
}
