import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { ensureAdmin, ensureExamples, openContext } from './init';
import { runBeat } from './jobs/beat';
import { runWorker } from './jobs/worker';
import { ConfigError, loadConfig } from './platform/config';
import { exportToFile, importFromFile } from './bundle-cli';

const USAGE = `Usage: tessera <command>

Commands:
  start            serve the API and the web app (creates the admin and example data on first start)
  worker           run queued jobs (asynchronous SQL Lab queries...) from Redis (needs REDIS_URL):
                   --concurrency N (jobs of each type at a time; default 8 for SQL Lab)
  beat             fire scheduled jobs (reports, alerts...) into the Redis queues (needs REDIS_URL);
                   run one or more, they agree through Redis on who fires each run
  init             migrate the metadata store, sync the built-in roles and create the admin user
  create-admin     create an admin user: --username NAME --password SECRET
  load-examples    rebuild the example DuckDB database in the data dir
  export           write a Superset-compatible bundle (ZIP of YAML) of assets and what they use:
                   --type database|dataset|chart|dashboard|saved_query --ids 1,2 --out FILE.zip
                   [--user NAME] (whose access decides what may be exported; default the admin)
  import           import a bundle: FILE.zip [--overwrite] [--type T] (default: the bundle's own type)
                   [--password databases/x.yaml=SECRET ...] [--user NAME]
  help             show this text

Configuration comes from environment variables (see README), e.g. TESSERA_PORT, TESSERA_DATA_DIR.`;

function printAdminBanner(username: string, password: string): void {
  const line = '='.repeat(72);
  process.stdout.write(
    `\n${line}\n  Tessera admin account created.\n  username: ${username}\n  password: ${password}\n  This password is shown once. Change it after logging in.\n${line}\n\n`,
  );
}

async function start(): Promise<void> {
  const config = loadConfig();
  const base = await openContext(config);
  const admin = await ensureAdmin(base, config.adminUsername, config.adminPassword);
  const examples = await ensureExamples(base);
  const { app } = await buildApp(base);
  if (examples.generated) app.log.info('example data generated');
  // A backend fault that escapes as a stray rejection is logged; it must not end the server.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection; the server keeps running');
  });
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => base.store.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (admin.generatedPassword !== null) printAdminBanner(config.adminUsername, admin.generatedPassword);
  process.stdout.write(`Tessera is running at http://localhost:${config.port}/\n`);
}

async function worker(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { concurrency: { type: 'string' } } });
  if (values.concurrency === undefined) {
    await runWorker(loadConfig(), {});
    return;
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
    throw new ConfigError('--concurrency must be a whole number from 1 to 256');
  await runWorker(loadConfig(), { concurrency });
}

async function init(): Promise<void> {
  const config = loadConfig();
  const base = await openContext(config);
  const admin = await ensureAdmin(base, config.adminUsername, config.adminPassword);
  if (admin.generatedPassword !== null) printAdminBanner(config.adminUsername, admin.generatedPassword);
  process.stdout.write(
    admin.created ? 'Initialised; admin user created.\n' : 'Initialised; admin user already existed.\n',
  );
  await base.store.close();
}

async function createAdmin(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { username: { type: 'string' }, password: { type: 'string' } },
  });
  if (!values.username || !values.password)
    throw new ConfigError('create-admin needs --username and --password');
  const base = await openContext(loadConfig());
  const result = await ensureAdmin(base, values.username, values.password);
  process.stdout.write(
    result.created ? `Admin user ${values.username} created.\n` : `User ${values.username} already exists.\n`,
  );
  await base.store.close();
}

async function loadExamples(): Promise<void> {
  const base = await openContext(loadConfig());
  const started = Date.now();
  await ensureExamples(base, true);
  process.stdout.write(`Example data rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  await base.store.close();
}

export async function main(argv: string[]): Promise<number> {
  const [command = 'help', ...rest] = argv;
  try {
    switch (command) {
      case 'start':
        await start();
        return -1;
      case 'worker':
        await worker(rest);
        return 0;
      case 'beat':
        await runBeat(loadConfig());
        return 0;
      case 'init':
        await init();
        return 0;
      case 'create-admin':
        await createAdmin(rest);
        return 0;
      case 'load-examples':
        await loadExamples();
        return 0;
      case 'export':
        await exportToFile(rest);
        return 0;
      case 'import':
        await importFromFile(rest);
        return 0;
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(`${USAGE}\n`);
        return 0;
      default:
        process.stderr.write(`Unknown command: ${command}\n\n${USAGE}\n`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
