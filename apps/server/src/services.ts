import {
  DEFAULT_DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG,
  DEFAULT_DRAWER_MAX_COUNT_HTG,
  htgToCentimes,
} from '@lajan/domain';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db, ReportingDatabase } from './db/client.js';
import { AccountsService } from './modules/accounts/index.js';
import { AgentsService } from './modules/agents/index.js';
import { AuthService, MfaService, TokenService } from './modules/auth/index.js';
import { DrawerService } from './modules/drawer/index.js';
import { CorrectionsService } from './modules/corrections/index.js';
import { PersonsService } from './modules/persons/index.js';
import { RegistrationService } from './modules/registration/index.js';
import { UsersService } from './modules/users/index.js';
import { HeavyReads } from './http/heavy-reads.js';
import { OneExportPerUser } from './http/one-export.js';
import { LedgerService, type LedgerObserver } from './ledger/service.js';
import {
  Actors,
  MoneyFlowExecutor,
  TransactionReads,
  type MoneyFlowDeps,
} from './modules/transactions/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service of the modules, built once by `buildServices`; route plugins read theirs here. */
    services: Services;
  }
}

/** What the services are built from: the only place the clock is handed over. */
export interface ServiceDeps {
  db: Db;
  /** Where exports read, one per user at once (decision 233). */
  reporting: ReportingDatabase;
  clock: Clock;
  /** Sends what the outbox holds; called after a commit that queued a message. */
  kickMail: () => Promise<void>;
  config: Pick<Config, 'appUrl' | 'sessionIdleMinutes'> &
    Partial<
      Pick<Config, 'drawerAcknowledgementThresholdCentimes' | 'drawerMaxCountCentimes' | 'mfaRequired'>
    >;
  jwtSecret: string;
  /** argon2id by default; tests count its calls. */
  hashPassword?: ((password: string) => Promise<string>) | undefined;
  /** The ledger's outcomes for `/metrics` (decision 230). */
  ledgerObserver?: LedgerObserver | undefined;
}

export interface Services {
  /** For the routes that only need "now" (a file name, a report's last day, the fee editor's record). */
  clock: Clock;
  auth: AuthService;
  /** Second factors of administrators and super administrators (decision 203). */
  mfa: MfaService;
  users: UsersService;
  persons: PersonsService;
  agents: AgentsService;
  accounts: AccountsService;
  registration: RegistrationService;
  /** The money: every posting goes through it (decision 136). */
  ledger: LedgerService;
  /** Runs a money route's flow: its idempotency key, its accounts, its posting, its answer. */
  moneyFlows: MoneyFlowExecutor;
  /** The reports' screens: a few at once per user and process (decision 199). */
  heavyReads: HeavyReads;
  /** Exports (CSV): one at once per user, across processes, on the reporting database (decision 233). */
  exports: OneExportPerUser;
  /** What the money flows are built from, for the one route that works on a transfer without posting. */
  moneyFlowDeps: MoneyFlowDeps;
  transactionReads: TransactionReads;
  /** The tellers' cash drawers (decision 149). */
  drawer: DrawerService;
  /** Corrections asked, decided and posted as reversals (decision 226). */
  corrections: CorrectionsService;
}

/**
 * The composition root of the modules (decision 137): each service is a plain class whose constructor
 * takes one `deps` object, and each is built here, once, from the same database, clock and mailer.
 * A route plugin never builds a service; it reads `app.services`.
 */
export function buildServices(deps: ServiceDeps): Services {
  const { db, clock, kickMail, config } = deps;
  const common = { db, clock, kickMail };
  const tokens = new TokenService(deps.jwtSecret, clock, config.sessionIdleMinutes * 60);
  // The system accounts come once the database has answered (`app.ts`'s start step).
  const ledger = new LedgerService(undefined, deps.ledgerObserver);
  const moneyFlowDeps: MoneyFlowDeps = { db, ledger, clock, actors: new Actors() };
  const mfa = new MfaService({
    db,
    clock,
    tokens,
    jwtSecret: deps.jwtSecret,
    mfaRequired: config.mfaRequired ?? false,
  });
  const moneyFlows = new MoneyFlowExecutor(moneyFlowDeps);
  return {
    clock,
    mfa,
    auth: new AuthService({
      ...common,
      tokens,
      mfa,
      appUrl: config.appUrl,
      ...(deps.hashPassword ? { hashPassword: deps.hashPassword } : {}),
    }),
    users: new UsersService({ ...common, appUrl: config.appUrl }),
    persons: new PersonsService(common),
    agents: new AgentsService({ ...common, appUrl: config.appUrl }),
    accounts: new AccountsService(common),
    registration: new RegistrationService(common),
    ledger,
    moneyFlows,
    heavyReads: new HeavyReads(),
    exports: new OneExportPerUser(deps.reporting),
    moneyFlowDeps,
    transactionReads: new TransactionReads({ db, actors: moneyFlowDeps.actors }),
    drawer: new DrawerService({
      db,
      clock,
      acknowledgementThresholdCentimes:
        config.drawerAcknowledgementThresholdCentimes ??
        htgToCentimes(DEFAULT_DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG),
      maxCountCentimes: config.drawerMaxCountCentimes ?? htgToCentimes(DEFAULT_DRAWER_MAX_COUNT_HTG),
    }),
    corrections: new CorrectionsService({ db, clock, actors: moneyFlowDeps.actors, moneyFlows }),
  };
}
