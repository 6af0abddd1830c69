import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { ensurePlatformAdmin } from '../modules/admin/admin.service.ts';

/** `npm run create-admin -- --email a@b.nl --password '…' [--name 'Naam']` */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email || !values.password || values.password.length < 8) {
  console.error(
    "Gebruik: npm run create-admin -- --email beheer@voorbeeld.nl --password 'minstens 8 tekens' [--name 'Naam']",
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
);
try {
  await migrateDatabase(database);
  const outcome = await ensurePlatformAdmin(database.db, {
    email: values.email,
    password: values.password,
    name: values.name ?? 'Platformbeheerder',
  });
  console.log(
    outcome === 'created'
      ? `Platformbeheerder ${values.email} aangemaakt.`
      : `${values.email} is nu platformbeheerder.`,
  );
} finally {
  await database.close();
}
