import { can, permissions, type Capability } from '@lajan/domain';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { Forbidden, Unauthenticated } from '../../http/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Reachable by every signed-in user whatever its role (logout, the uniqueness check…). Said on
     * purpose: any other non-public route names a capability of the permission table.
     */
    signedIn?: boolean;
  }
  interface FastifyInstance {
    /** Every `/api` route with what it demands, as declared (the access matrix test reads it). */
    declaredRoutes: DeclaredRoute[];
  }
}

/** Who may call a route: anyone, any signed-in user, or the roles the permission table gives a capability. */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'capability'; capability: Capability }
  /** Declared wrongly (nothing, or several): refused to everyone, and the start fails. */
  | { kind: 'none' };

export interface DeclaredRoute {
  method: string;
  /** With its prefix and parameters: `/api/agents/:code`. */
  url: string;
  access: RouteAccess;
  allowBeforePasswordChange: boolean;
}

type CapabilityHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

/** The capability each hook made by `capabilityHook` checks, so that a route's declaration can be read back. */
const hookCapabilities = new WeakMap<object, Capability>();

/**
 * A hook that lets through only the roles the permission table of `@lajan/domain` gives
 * `capability`. Routes use it through `requireCapability` (auth plugin).
 */
export function capabilityHook(capability: Capability): CapabilityHook {
  if (!(capability in permissions))
    throw new Error(`capability "${capability}" is not in the permission table`);
  const hook: CapabilityHook = (request, _reply, done) => {
    if (!request.session) return done(new Unauthenticated());
    if (!can(request.session, capability)) return done(new Forbidden());
    done();
  };
  hookCapabilities.set(hook, capability);
  return hook;
}

function hooksOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value as unknown[]) : [value];
}

/** The capabilities a route's hooks check, in any lifecycle stage. */
function declaredCapabilities(route: RouteOptions): Capability[] {
  const stages = [route.onRequest, route.preParsing, route.preValidation, route.preHandler];
  const found = new Set<Capability>();
  for (const stage of stages) {
    for (const hook of hooksOf(stage)) {
      const capability = typeof hook === 'function' ? hookCapabilities.get(hook) : undefined;
      if (capability) found.add(capability);
    }
  }
  return [...found];
}

export function isApiUrl(url: string): boolean {
  // The OpenAPI pages are registered beside the API, outside its authentication.
  return (url === '/api' || url.startsWith('/api/')) && !url.startsWith('/api/docs');
}

/** Answers 403 to everyone: the route of a start that is about to fail (see `routeAccessHook`). */
const refuseUndeclared: CapabilityHook = (_request, _reply, done) => done(new Forbidden());

/**
 * Every `/api` route is public, signed-in on purpose, or names exactly one capability; any other is refused
 * to everyone and stops the start, rather than open to everyone (decision 060). The capability is checked at
 * `onRequest`, so a role without it gets 403 before its body is validated.
 */
export function routeAccessHook(declared: DeclaredRoute[], problems: string[]) {
  return (route: RouteOptions): void => {
    if (!isApiUrl(route.url)) return;
    const methods = hooksOf(route.method) as string[];
    const where = `${methods.join(',')} ${route.url}`;
    const config = route.config ?? {};
    const capabilities = declaredCapabilities(route);
    const marks = [config.public === true, config.signedIn === true, capabilities.length > 0].filter(Boolean);

    let access: RouteAccess;
    let check: CapabilityHook | undefined;
    if (marks.length === 0) {
      problems.push(
        `${where} : aucune entrée de la table des permissions. Ajoutez preHandler: requireCapability('…'), ` +
          `config: { signedIn: true } (tout utilisateur connecté) ou config: { public: true }.`,
      );
      access = { kind: 'none' };
      check = refuseUndeclared;
    } else if (marks.length > 1 || capabilities.length > 1) {
      problems.push(`${where} : déclare plusieurs accès (public, signedIn, capacités) ; un seul est permis.`);
      access = { kind: 'none' };
      check = refuseUndeclared;
    } else if (config.public === true) {
      access = { kind: 'public' };
    } else if (config.signedIn === true) {
      access = { kind: 'signedIn' };
    } else {
      const capability = capabilities[0]!;
      access = { kind: 'capability', capability };
      check = capabilityHook(capability);
    }
    // A new array: Fastify's HEAD twin of a GET route shares the caller's hook arrays.
    if (check) route.onRequest = [...(hooksOf(route.onRequest) as onRequestHookHandler[]), check];
    for (const method of methods) {
      declared.push({
        method,
        url: route.url,
        access,
        allowBeforePasswordChange: config.allowBeforePasswordChange === true,
      });
    }
  };
}
