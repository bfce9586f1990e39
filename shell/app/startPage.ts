import { DEFAULT_LANDING_PATH } from '../../src/domain/landing';
import { findRoute } from './routes';

/**
 * Where '/' leads here: the account's start page when this build has its screen, else the default. A start page may
 * name a screen another build has or will have (account 148's /documents before that screen is merged).
 */
export function existingStartPage(path: string): string {
  return findRoute(path) ? path : DEFAULT_LANDING_PATH;
}
