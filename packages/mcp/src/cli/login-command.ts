/**
 * `switchyard login --service <url>`: checks a platform application's client id and secret with
 * the service (one application-token request), then stores them with the URL as a profile
 * (profiles.ts: owner-only, in the XDG config directory). Nothing is stored when the service
 * refuses them. The secret is never a command-line argument (the process list and shell history
 * would keep it): it comes from SWITCHYARD_CLIENT_SECRET, from stdin with --client-secret-stdin,
 * or from a prompt that does not echo, on a terminal.
 */
import { createApplicationAuth } from '@switchyard/runtime/internal';
import { MissingCredentialsError } from '../connectors/env-credentials.js';
import { COMMON_OPTIONS, flag, positionals, stringValue, type CliContext, type CommandSpec, type Parsed } from './command-spec.js';
import { checkProfileName, DEFAULT_PROFILE, writeProfile } from './profiles.js';
import { prompt } from './prompt.js';
import { UsageError } from './options.js';
import { serviceUrl } from './service-client.js';

export const loginCommand: CommandSpec = {
  name: 'login',
  summary: "Checks a platform application's client id and secret with a service and stores them as a profile.",
  usage: ['login --service <url> [--profile <name>] [--client-id <id>] [--client-secret-stdin] [--json]'],
  details: `The client id comes from --client-id, SWITCHYARD_CLIENT_ID or a prompt; the secret from
SWITCHYARD_CLIENT_SECRET, stdin (--client-secret-stdin) or a prompt that does not echo.
Profiles live in $XDG_CONFIG_HOME/switchyard/profiles.json (~/.config/… by default), readable by you only.`,
  options: {
    service: { type: 'string', value: '<url>', description: 'the Switchyard service' },
    profile: { type: 'string', value: '<name>', description: `the profile's name (default "${DEFAULT_PROFILE}"; replaced if it exists)` },
    'client-id': { type: 'string', value: '<id>', description: "the application's client id (sy_app_…)" },
    'client-secret-stdin': { type: 'boolean', description: 'read the client secret from stdin' },
    ...COMMON_OPTIONS,
  },
  run: (parsed, context) => runLogin(parsed, context),
};

async function runLogin(parsed: Parsed, context: CliContext): Promise<number> {
  positionals(parsed, []);
  const { out, env } = context;
  const service = stringValue(parsed, 'service');
  if (service === undefined) throw new UsageError('login needs --service <url>');
  const baseUrl = serviceUrl(service);
  const name = stringValue(parsed, 'profile') ?? DEFAULT_PROFILE;
  checkProfileName(name);
  const interactive = context.stdin.isTTY === true && !out.json;
  const clientId =
    stringValue(parsed, 'client-id') ??
    nonEmpty(env['SWITCHYARD_CLIENT_ID']) ??
    (interactive ? await prompt('Client id: ', { echo: true }) : undefined);
  let clientSecret: string | undefined;
  if (flag(parsed, 'client-secret-stdin')) clientSecret = (await context.stdin.text()).replace(/\r?\n$/, '');
  else
    clientSecret =
      nonEmpty(env['SWITCHYARD_CLIENT_SECRET']) ?? (interactive ? await prompt('Client secret: ', { echo: false }) : undefined);
  if (!clientId || !clientSecret) {
    throw new MissingCredentialsError([
      `login: give the client ${!clientId ? 'id (--client-id or SWITCHYARD_CLIENT_ID)' : 'secret (SWITCHYARD_CLIENT_SECRET or --client-secret-stdin)'}, or run it on a terminal to be asked`,
    ]);
  }
  out.addSecrets(clientSecret);
  // One application-token request: refused credentials are an AuthenticationError (exit 3), and nothing is stored.
  const auth = createApplicationAuth({ baseUrl, clientId, clientSecret, ...(context.fetch ? { fetch: context.fetch } : {}) });
  await auth.apply({});
  const path = await writeProfile(env, name, { service: baseUrl, client_id: clientId, client_secret: clientSecret });
  if (out.json) out.document({ profile: name, service: baseUrl, client_id: clientId, path });
  else out.text(`logged in to ${baseUrl} as ${clientId}; profile "${name}" stored in ${path}`);
  return 0;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
