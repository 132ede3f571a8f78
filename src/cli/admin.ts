// `bizfn accounts|keys|sptok|ledger|payment-method`: a thin client of the admin HTTP API, with
// human-readable output by default and the API's JSON with --json.
import type { Command } from 'commander';

interface GlobalOptions {
  url: string;
  token?: string;
  json?: boolean;
}

class AdminError extends Error {}

async function request(
  options: GlobalOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  if (!options.token) throw new AdminError('no admin token: pass --token or set ADMIN_TOKEN');
  let response: Response;
  try {
    response = await fetch(new URL(path, options.url), {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new AdminError(`cannot reach ${options.url}: ${(error as Error).message}`);
  }
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : {};
  if (!response.ok) {
    const detail = (parsed as { detail?: { error?: string; msg?: string } }).detail;
    throw new AdminError(`${response.status} ${detail?.error ?? ''}: ${detail?.msg ?? text}`);
  }
  return parsed;
}

function print(options: GlobalOptions, value: unknown, human: (value: never) => string): void {
  process.stdout.write(`${options.json ? JSON.stringify(value, null, 2) : human(value as never)}\n`);
}

function table(rows: Array<Record<string, unknown>>, columns: string[]): string {
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

export function registerAdminCommands(program: Command): void {
  const opts = () => program.opts<GlobalOptions>();
  const run =
    <A extends unknown[]>(action: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await action(...args);
      } catch (error) {
        if (!(error instanceof AdminError)) throw error;
        process.stderr.write(`bizfn: ${error.message}\n`);
        process.exitCode = 1;
      }
    };

  const accounts = program.command('accounts').description('manage accounts');
  accounts
    .command('create')
    .requiredOption('--name <name>', 'account name')
    .requiredOption('--tier <tier>', 'free, pro, max or business')
    .action(
      run(async (input: { name: string; tier: string }) => {
        const created = await request(opts(), 'POST', '/admin/v1/accounts', input);
        print(opts(), created, (a: { account_id: string; tier: string }) => `${a.account_id} (${a.tier})`);
      }),
    );
  accounts.command('get <account_id>').action(
    run(async (id: string) => {
      const account = await request(opts(), 'GET', `/admin/v1/accounts/${id}`);
      print(opts(), account, (a: Record<string, unknown> & { keys: Array<Record<string, unknown>> }) =>
        [
          `${a.account_id}  ${a.name}  tier ${a.tier}`,
          `balance ${a.balance} spTok (grant ${a.grant_balance}), ${a.calls_this_month} calls this month`,
          `payment method: ${a.payment_behavior}`,
          table(a.keys, ['key_id', 'prefix', 'sandbox', 'created_at', 'revoked_at']),
        ].join('\n'),
      );
    }),
  );
  accounts
    .command('tier <account_id> <tier>')
    .description('change the tier')
    .action(
      run(async (id: string, tier: string) => {
        const changed = await request(opts(), 'PATCH', `/admin/v1/accounts/${id}`, { tier });
        print(
          opts(),
          changed,
          (a: { account_id: string; tier: string }) => `${a.account_id} is now ${a.tier}`,
        );
      }),
    );

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create <account_id>')
    .option('--sandbox', 'a sk-test- sandbox key', false)
    .action(
      run(async (id: string, input: { sandbox: boolean }) => {
        const created = await request(opts(), 'POST', `/admin/v1/accounts/${id}/keys`, {
          sandbox: input.sandbox,
        });
        print(
          opts(),
          created,
          (k: { key_id: string; key: string }) => `${k.key_id}\n${k.key}\n(shown once: store it now)`,
        );
      }),
    );
  keys.command('revoke <key_id>').action(
    run(async (id: string) => {
      await request(opts(), 'DELETE', `/admin/v1/keys/${id}`);
      print(opts(), { key_id: id, revoked: true }, () => `${id} revoked`);
    }),
  );

  program
    .command('topup <account_id> <amount>')
    .description('add spTok to an account (never expires)')
    .requiredOption('--reason <reason>', 'why, for the ledger')
    .action(
      run(async (id: string, amount: string, input: { reason: string }) => {
        const result = await request(opts(), 'POST', `/admin/v1/accounts/${id}/sptok`, {
          amount: Number(amount),
          reason: input.reason,
        });
        print(opts(), result, (r: { balance: number }) => `balance ${r.balance} spTok`);
      }),
    );

  program
    .command('ledger <account_id>')
    .description('ledger entries, newest first')
    .action(
      run(async (id: string) => {
        const ledger = await request(opts(), 'GET', `/admin/v1/accounts/${id}/ledger`);
        print(opts(), ledger, (l: { entries: Array<Record<string, unknown>> }) =>
          table(l.entries, [
            'created_at',
            'kind',
            'amount',
            'balance_after',
            'grant_after',
            'run_id',
            'reason',
          ]),
        );
      }),
    );

  program
    .command('payment-method <account_id> <behavior>')
    .description('local payment provider: succeed, decline or none')
    .action(
      run(async (id: string, behavior: string) => {
        const result = await request(opts(), 'PUT', `/admin/v1/accounts/${id}/payment-method`, { behavior });
        print(opts(), result, (r: { behavior: string }) => `saved payment method now ${r.behavior}s`);
      }),
    );
}
