import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword, seedDemoPhotos } from '@barterads/api';
import { DEMO_USER_PASSWORD, openDatabase, seedDemo } from '@barterads/db';
import { fileStorage } from '../services';
import { loadSettings } from '../settings';

const { values } = parseArgs({ options: { listings: { type: 'string' } } });
const count = values.listings === undefined ? 60 : Number(values.listings);
if (!Number.isInteger(count) || count < 0) {
  console.error('--listings must be a whole number');
  process.exit(1);
}
const settings = loadSettings();
const database = await openDatabase({
  url: settings.databaseUrl,
  dataDir: settings.databaseUrl ? undefined : join(settings.dataDir, 'pglite'),
});
await database.migrate();
const started = Date.now();
const result = await seedDemo(database.db, {
  passwordHash: await hashPassword(DEMO_USER_PASSWORD),
  listings: count,
  onProgress: (done, total) => {
    if (total >= 10_000) process.stdout.write(`\r${done}/${total} listings`);
  },
});
// Each category's demo photo, drawn here and stored like an upload (local files or the S3 bucket).
const photos = await seedDemoPhotos(database.db, fileStorage(settings));
await database.close();
console.log(
  `\nseeded ${result.users} users and ${result.listings} listings (${photos} given a photo) in ${Date.now() - started} ms (${database.kind})`,
);
