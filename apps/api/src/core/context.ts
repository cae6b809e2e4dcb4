import type { Config } from '../config/env.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../db/time.js';
import type { Mailer } from '../mail/mailer.js';
import type { RegisteredRoute } from './route.js';

/** What every module receives: configuration, database, mailer, the route registry, and the clock. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  routes: RegisteredRoute[];
  /** The app's current time (db/time.ts): every request runs with it. */
  clock: Clock;
}
