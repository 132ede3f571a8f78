// The `bizfn` command line: admin commands over the HTTP API, plus data loading and workers that
// work on the database directly.
import { Command } from 'commander';
import { registerDataCommands } from '../data/cli.ts';
import { registerAdminCommands } from './admin.ts';
import { registerWorkerCommand } from './worker.ts';

const program = new Command('bizfn')
  .description('bizfn operator command line')
  .option('--url <url>', 'service base URL', process.env.BIZFN_URL ?? 'http://127.0.0.1:8080')
  .option('--token <token>', 'admin token (default: $ADMIN_TOKEN)', process.env.ADMIN_TOKEN)
  .option('--json', 'print the API JSON instead of text', false);

registerAdminCommands(program);
registerDataCommands(program);
registerWorkerCommand(program);

await program.parseAsync(process.argv);
