import type { Config } from '../config/env.js';
import type { Database } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { RegisteredRoute } from './route.js';

/** What every module receives: configuration, database, mailer, and the route registry. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  routes: RegisteredRoute[];
}
