// The `quire` command: serve the API, parse files locally, administer organizations, keys and
// credits against the same database (also while the service runs).
import { parseArgs } from 'node:util';
import { VERSION } from '../api/version.js';
import { ConfigError, loadConfig } from '../config.js';
import { openStore } from '../store/index.js';
import { admin } from './admin.js';
import { UsageError } from './errors.js';
import { parseFiles } from './parse.js';
import { serve } from './serve.js';

const USAGE = `usage:
  quire serve
  quire parse FILE|FOLDER|GLOB... [-o DIR] [--json] [--trace] [--debug DIR]
  quire org create NAME [--credits N] [--json]
  quire org list [--json]
  quire key create ORG_ID [--json]
  quire key list ORG_ID [--json]
  quire key revoke KEY_OR_KEY_ID [--json]
  quire credits add ORG_ID N [--json]
  quire credits show ORG_ID [--json]
  quire usage ORG_ID [--limit N] [--json]
  quire --version

Configuration comes from QUIRE_* environment variables (see the README).`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = readArgs(argv);
  if (values.version) {
    console.log(VERSION);
    return 0;
  }
  if (values.help || !positionals.length) {
    (values.help ? console.log : console.error)(USAGE);
    return values.help ? 0 : 2;
  }
  const [command, ...args] = positionals;
  const config = loadConfig();
  if (command === 'serve') {
    await serve(config);
    return -1; // keeps running
  }
  if (command === 'parse') return parseFiles(config, { inputs: args, json: values.json, output: values.output, trace: values.trace ?? false, debug: values.debug });
  const store = openStore(config.database);
  try {
    await store.migrate();
    const printed = await admin(store, command!, args, { credits: values.credits, limit: values.limit });
    console.log(values.json ? JSON.stringify(printed.json) : printed.text);
    return 0;
  } finally {
    await store.close();
  }
}

function readArgs(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        trace: { type: 'boolean', default: false },
        debug: { type: 'string' },
        credits: { type: 'string' },
        limit: { type: 'string' },
        output: { type: 'string', short: 'o' },
        version: { type: 'boolean', short: 'V' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    return { values: { ...values, json: values.json ?? false }, positionals };
  } catch (error) {
    // Node's parser messages talk about its own syntax; say what is wrong in the command's terms.
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    if (option && /^-\d/.test(option)) throw new UsageError(`${option}: negative numbers are not accepted (credits can only be added)`);
    if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${option ?? ''} (see quire --help)`);
    throw new UsageError((error as Error).message);
  }
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
