// The `quire` command: serve the API, parse a file locally, administer organizations, keys and
// credits against the same database (also while the service runs).
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../api/app.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { ALLOWED_FILE_NAME, OcrEngine, parseDocument } from '../engine/index.js';
import { createPools } from '../workers/pool.js';
import { openStore } from '../store/index.js';
import { NotFoundError, type Store } from '../store/store.js';

const USAGE = `usage:
  quire serve
  quire parse FILE [--json]
  quire org create NAME [--credits N] [--json]
  quire key create ORG_ID [--json]
  quire key revoke KEY_OR_KEY_ID [--json]
  quire credits add ORG_ID N [--json]
  quire credits show ORG_ID [--json]

Configuration comes from QUIRE_* environment variables (see the README).`;

class UsageError extends Error {}

const FIRST_ORG_CREDITS = 100;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false }, credits: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || !positionals.length) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const [command, ...args] = positionals;
  const config = loadConfig();
  if (command === 'serve') return serve(config);
  if (command === 'parse') return parseFile(config, args[0], values.json!);
  const store = openStore(config.database);
  try {
    await store.migrate();
    const result = await admin(store, command!, args, values.credits);
    if (values.json) console.log(JSON.stringify(result.json));
    else console.log(result.text);
    return 0;
  } finally {
    await store.close();
  }
}

async function admin(store: Store, command: string, args: string[], credits?: string): Promise<{ json: object; text: string }> {
  const [sub, a, b] = args;
  const want = (value: string | undefined, name: string) => {
    if (!value) throw new UsageError(`missing ${name}`);
    return value;
  };
  const count = (value: string | undefined, name: string) => {
    const n = Number(want(value, name));
    if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a whole number ≥ 0`);
    return n;
  };
  if (command === 'org' && sub === 'create') {
    const org = await store.createOrganization(want(a, 'NAME'), credits === undefined ? 0 : count(credits, '--credits'));
    return { json: { id: org.id, name: org.name, balance: org.balance }, text: `organization ${org.id} (${org.name}), balance ${org.balance}` };
  }
  if (command === 'key' && sub === 'create') {
    const key = await store.createKey(want(a, 'ORG_ID'));
    return { json: { key: key.key, id: key.id, org_id: key.orgId }, text: `key ${key.id} for ${key.orgId}:\n${key.key}\n(shown once; store it now)` };
  }
  if (command === 'key' && sub === 'revoke') {
    const revoked = await store.revokeKey(want(a, 'KEY'));
    if (!revoked) throw new NotFoundError('no such active key');
    return { json: { revoked: true }, text: 'key revoked' };
  }
  if (command === 'credits' && sub === 'add') {
    const balance = await store.addCredits(want(a, 'ORG_ID'), count(b, 'N'));
    return { json: { balance }, text: `balance ${balance}` };
  }
  if (command === 'credits' && sub === 'show') {
    const balance = await store.getBalance(want(a, 'ORG_ID'));
    return { json: { balance }, text: `balance ${balance}` };
  }
  throw new UsageError(`unknown command: ${[command, sub].filter(Boolean).join(' ')}`);
}

async function serve(config: Config): Promise<number> {
  const store = openStore(config.database);
  await store.migrate();
  // Once, even when several replicas start together on an empty database.
  const first = await store.createFirstOrganization('default', FIRST_ORG_CREDITS);
  if (first) {
    console.log(`Created organization ${first.organization.id} with ${FIRST_ORG_CREDITS} credits. Its API key (shown once):\n\n  ${first.key.key}\n`);
  }
  const pools = createPools(config);
  const app = await buildApp({ config, store, pools, logger: { level: process.env.QUIRE_LOG_LEVEL ?? 'info' } });
  const shutdown = async () => {
    await app.close();
    await pools.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ host: config.host, port: config.port });
  return -1; // keep running
}

async function parseFile(config: Config, path: string | undefined, json: boolean): Promise<number> {
  if (!path) throw new UsageError('missing FILE');
  if (!ALLOWED_FILE_NAME.test(path)) throw new UsageError(`unsupported file name "${path}": use a .pdf, .png, .jpg or .jpeg file`);
  const bytes = await readFile(path);
  if (bytes.length > config.maxUploadBytes) throw new Error(`the file exceeds the ${config.maxUploadBytes / 1024 / 1024} MB limit`);
  let ocr: Promise<OcrEngine> | undefined;
  const result = await parseDocument(new Uint8Array(bytes), {
    maxPages: config.maxPages,
    ocr: () => (ocr ??= OcrEngine.create({ threads: availableParallelism() })),
  });
  process.stdout.write(json ? JSON.stringify(result) + '\n' : result.markdown);
  if (ocr) await (await ocr).release();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: Error) => {
    console.error(`quire: ${error.message}`);
    process.exitCode = error instanceof UsageError || error instanceof ConfigError ? 2 : 1;
  },
);
