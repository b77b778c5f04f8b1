import { join } from 'node:path';
import { openDatabase } from '@barterads/db';
import { loadSettings } from '../settings';

const settings = loadSettings();
const database = await openDatabase({
  url: settings.databaseUrl,
  dataDir: settings.databaseUrl ? undefined : join(settings.dataDir, 'pglite'),
});
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
