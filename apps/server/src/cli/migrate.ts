import { join } from 'node:path';
import { openDatabase, STARTUP_LOCK } from '@barterads/db';
import { loadSettings } from '../settings';

const settings = loadSettings();
const database = await openDatabase({
  url: settings.databaseUrl,
  dataDir: settings.databaseUrl ? undefined : join(settings.dataDir, 'pglite'),
});
// Not at the same time as a server process starting on the same database.
await database.exclusively(STARTUP_LOCK, () => database.migrate());
await database.close();
console.log(`migrations applied (${database.kind})`);
