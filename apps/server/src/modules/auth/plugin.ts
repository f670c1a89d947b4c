import type { Capability, SessionUser } from '@lajan/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PasswordChangeRequired, Unauthenticated } from '../../http/errors.js';
import { capabilityHook, routeAccessHook, type DeclaredRoute } from './route-access.js';
import type { AuthService } from './service.js';
import { REFRESHED_TOKEN_HEADER } from './tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The `onRequest` hook of every `/api` route: default-deny, see `FastifyContextConfig`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user, read afresh from the database; null on public routes. */
    session: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, reset, health). */
    public?: boolean;
    /** Reachable by a user who must still change its first password. */
    allowBeforePasswordChange?: boolean;
  }
}

export interface AuthPluginOptions {
  /** The sign-in service, built with the others in the composition root (`services.ts`). */
  auth: AuthService;
}

/** The default-deny gate of `/api`: who is signed in, and which routes say who may call them. */
export const authPlugin = fp(
  (app: FastifyInstance, { auth }: AuthPluginOptions) => {
    app.decorateRequest('session', null);

    // Registered before any `/api` route: each must say who may call it (route-access.ts).
    const declaredRoutes: DeclaredRoute[] = [];
    const undeclared: string[] = [];
    app.decorate('declaredRoutes', declaredRoutes);
    app.addHook('onRoute', routeAccessHook(declaredRoutes, undeclared));
    app.addHook('onReady', () =>
      undeclared.length > 0
        ? Promise.reject(new Error(`Routes sans accès déclaré :\n${undeclared.join('\n')}`))
        : Promise.resolve(),
    );

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const config = request.routeOptions.config;
      if (request.is404 || config.public) return;
      const { user, refreshedToken } = await auth.authenticate(request.headers.authorization);
      request.session = user;
      // An active session stays open: the web keeps the renewed token (decision 110).
      if (refreshedToken) reply.header(REFRESHED_TOKEN_HEADER, refreshedToken);
      if (!user.passwordUpdatedAt && !config.allowBeforePasswordChange) throw new PasswordChangeRequired();
    });

    return Promise.resolve();
  },
  { name: 'auth' },
);

/**
 * A route hook that lets through only the roles the permission table of `@lajan/domain`
 * gives `capability` (`preHandler: requireCapability('agents.manage')`). The route-access hook
 * reads it back, lists the route under that capability and runs the check at `onRequest`.
 */
export function requireCapability(capability: Capability) {
  return capabilityHook(capability);
}

/** The signed-in user of a route that is not public. */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new Unauthenticated();
  return request.session;
}
