/** Run by build.mjs (bundled as dist/server/make-base-data-dir.mjs): makes dist/pglite-base unless it is current. */
import { loadConfig } from '../config';
import { makeBaseDataDir } from './baseDataDir';

const config = loadConfig(process.env);
const started = Date.now();
if (await makeBaseDataDir(config.baseDataDir, config.migrationsDir)) console.log(`dist/pglite-base: migrated PGlite data folder made in ${Date.now() - started} ms`);
