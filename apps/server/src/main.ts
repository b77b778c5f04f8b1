import { buildApp } from './app';
import { createLogger } from './logger';
import { createServices } from './services';
import { assertServerSettings, loadSettings, SettingsError } from './settings';

async function main(): Promise<void> {
  let settings: ReturnType<typeof loadSettings>;
  try {
    settings = loadSettings();
    assertServerSettings(process.env, settings);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(settings);
  const services = await createServices(settings, logger);
  const app = await buildApp(settings, services, logger);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.port, host: settings.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
