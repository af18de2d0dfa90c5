import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passwordOnArgvRefused, readPassword, runAdminCommand } from './admin';
import { exportLines, type SeedVariable, seedVariables, shellQuote } from './admin/dev-seed';

const noStdin = { readStdin: async () => Promise.reject(new Error('stdin must not be read')) };
const stdin = (text: string) => ({ readStdin: async () => text });
const values = (entries: Array<[string, string]>) => new Map(entries);

describe('admin create-superadmin: the password', () => {
  it('when --password is given on the command line, in either form, then it is refused before anything is read or connected', async () => {
    for (const args of [
      ['--email', 'a@example.com', '--password', 'secret password'],
      ['--email', 'a@example.com', '--password=secret password'],
    ]) {
      await expect(runAdminCommand(['create-superadmin', ...args], () => undefined, noStdin)).rejects.toThrow(passwordOnArgvRefused);
    }
  });

  it('when --password-stdin is given, then the first line piped is the password, without its line end', async () => {
    expect(await readPassword(values([['password-stdin', 'true']]), stdin('operator password\r\nrest\n'))).toBe('operator password');
    expect(await readPassword(values([['password-stdin', 'true']]), stdin('no newline at all'))).toBe('no newline at all');
  });

  it('when --password-file is given, then its first line is the password and stdin is not read', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'admin-unit-')), 'pw');
    writeFileSync(file, 'from a mounted secret\n');
    expect(await readPassword(values([['password-file', file]]), noStdin)).toBe('from a mounted secret');
  });

  it('when neither or both sources are given, or the password is out of 8-128 characters, then it is refused', async () => {
    await expect(readPassword(values([]), noStdin)).rejects.toThrow(/--password-stdin or --password-file/);
    await expect(
      readPassword(
        values([
          ['password-stdin', 'true'],
          ['password-file', '/dev/null'],
        ]),
        noStdin,
      ),
    ).rejects.toThrow(/not both/);
    await expect(readPassword(values([['password-stdin', 'true']]), stdin('short\n'))).rejects.toThrow(/8-128/);
    await expect(readPassword(values([['password-stdin', 'true']]), stdin(''))).rejects.toThrow(/8-128/);
  });
});

describe('admin --help', () => {
  it('when asked for help, then the usage line is written and nothing is read or connected', async () => {
    for (const flag of ['--help', '-h']) {
      const lines: string[] = [];
      await runAdminCommand([flag], (line) => lines.push(line), noStdin);
      expect(lines).toEqual([expect.stringMatching(/^usage: npm run admin -- create-superadmin /)]);
    }
  });
});

describe('admin reset-password and reset-mfa: their flags', () => {
  const withoutDatabase = async (args: string[]) => {
    // A URL nothing listens on: each refusal below comes before any query.
    const previous = process.env.USER_DATABASE_URL;
    process.env.USER_DATABASE_URL = 'postgres://nobody@127.0.0.1:9/none';
    try {
      return await runAdminCommand(args, () => undefined, noStdin);
    } finally {
      if (previous === undefined) delete process.env.USER_DATABASE_URL;
      else process.env.USER_DATABASE_URL = previous;
    }
  };

  it('when the user id is missing or not a positive integer, or the expiry is outside 1-1440 minutes, then it is refused', async () => {
    await expect(withoutDatabase(['reset-password'])).rejects.toThrow(/--user-id is required/);
    await expect(withoutDatabase(['reset-password', '--user-id', 'abc'])).rejects.toThrow(/positive integer/);
    await expect(withoutDatabase(['reset-mfa', '--user-id', '0'])).rejects.toThrow(/positive integer/);
    for (const minutes of ['0', '1441', '1.5', 'soon']) {
      await expect(withoutDatabase(['reset-password', '--user-id', '7', '--expires-in-minutes', minutes])).rejects.toThrow(/1 to 1440/);
    }
  });

  it('when a flag of another command is given, then it is refused (a password is never an argument of either)', async () => {
    await expect(withoutDatabase(['reset-password', '--user-id', '7', '--password', 'x'])).rejects.toThrow(passwordOnArgvRefused);
    await expect(withoutDatabase(['reset-mfa', '--user-id', '7', '--promote-existing'])).rejects.toThrow();
  });
});

describe('admin erase and revoke-sessions: the user id', () => {
  it('when --user-id is missing, not a positive integer, or past what a JSON number carries exactly, then it is refused before anything is connected', async () => {
    for (const command of ['erase', 'revoke-sessions']) {
      await expect(runAdminCommand([command], () => undefined, noStdin)).rejects.toThrow(/--user-id is required/);
      for (const id of ['0', '1.5', 'x1', '007', '9007199254740993']) {
        await expect(runAdminCommand([command, '--user-id', id], () => undefined, noStdin)).rejects.toThrow(
          /--user-id must be a positive integer/,
        );
      }
      await expect(runAdminCommand([command, '--user-id', '1', '--email', 'a@b.c'], () => undefined, noStdin)).rejects.toThrow();
    }
  });
});

describe('admin dev-seed: what it refuses before connecting, and what it prints', () => {
  it('when --rewards is not a whole number of coins, then it is a usage error', async () => {
    for (const rewards of ['0', '1.5', 'lots', '1000000000', '1e3']) {
      await expect(runAdminCommand(['dev-seed', '--rewards', rewards], () => undefined, noStdin)).rejects.toThrow(
        /--rewards takes a whole number/,
      );
    }
  });

  it('when NODE_ENV is production, then it refuses: it makes admins with passwords it prints', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(runAdminCommand(['dev-seed'], () => undefined, noStdin)).rejects.toThrow(/refuses NODE_ENV=production/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it('when a value has quotes, spaces or $, then its export line gives it back unchanged to a POSIX shell', () => {
    expect(shellQuote(`it's $HOME "x" \`y\``)).toBe(`'it'\\''s $HOME "x" \`y\`'`);
    const lines = exportLines(Object.fromEntries(seedVariables.map((name) => [name, `${name}'v`])) as Record<SeedVariable, string>);
    expect(lines[0]).toBe(`export COIN_URL='COIN_URL'\\''v'`);
    expect(lines).toHaveLength(seedVariables.length);
  });

  it('when a payout provider was made (--provider), then its three variables are exported after the others', () => {
    const base = Object.fromEntries(seedVariables.map((name) => [name, 'v'])) as Record<SeedVariable, string>;
    const lines = exportLines({
      ...base,
      COIN_PROVIDER_CLIENT_ID: 'pc_1',
      COIN_PROVIDER_CLIENT_SECRET: 's',
      COIN_PROVIDER_CALLBACK_SECRET: 'whsec_x',
    });
    expect(lines.slice(seedVariables.length)).toEqual([
      `export COIN_PROVIDER_CLIENT_ID='pc_1'`,
      `export COIN_PROVIDER_CLIENT_SECRET='s'`,
      `export COIN_PROVIDER_CALLBACK_SECRET='whsec_x'`,
    ]);
  });
});
