import type { Capability, SessionUser } from '@lajan/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { PasswordChangeRequired, Unauthenticated } from '../../http/errors.js';
import { ensureSuperAdmin } from '../users/bootstrap.js';
import { capabilityHook, routeAccessHook, type DeclaredRoute } from './route-access.js';
import { AuthService } from './service.js';
import { REFRESHED_TOKEN_HEADER, TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
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
    /** Reachable by a user who must still change its first password (DESIGN §3). */
    allowBeforePasswordChange?: boolean;
  }
}

export interface AuthPluginOptions {
  config: Config;
  jwtSecret: string;
  clock: Clock;
  printSecret: (line: string) => void;
  hashPassword?: ((password: string) => Promise<string>) | undefined;
}

export const authPlugin = fp(
  (app: FastifyInstance, options: AuthPluginOptions) => {
    const tokens = new TokenService(options.jwtSecret, options.clock, options.config.sessionIdleMinutes * 60);
    const auth = new AuthService({
      db: app.database.db,
      tokens,
      clock: options.clock,
      kickMail: () => app.mail.kick(),
      appUrl: options.config.appUrl,
      ...(options.hashPassword ? { hashPassword: options.hashPassword } : {}),
    });
    app.decorate('auth', auth);
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

    // Once the migrations have run (at start, or when the database first answers: decision 120).
    app.databaseStartup.step(async () => {
      const outcome = await ensureSuperAdmin(
        app.database.db,
        options.config.superAdmin,
        options.clock,
        options.printSecret,
      );
      if (outcome === 'created')
        app.log.info({ username: options.config.superAdmin.username }, 'super administrateur créé');
    });
    return Promise.resolve();
  },
  { name: 'auth', dependencies: ['database', 'mail'] },
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
