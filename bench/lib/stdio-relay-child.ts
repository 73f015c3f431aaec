/**
 * The floor of any tool call over stdio: a child that reads one JSON line (a call's params), runs
 * `users.list` on a MessagingConnector against the vendor URL it was given, and writes the result
 * back as one JSON line. No protocol, no validation of its own, no budget: what remains when MCP is
 * taken out of a stdio tool server (a process hop and JSON both ways).
 *
 *   node --import tsx bench/lib/stdio-relay-child.ts <base-url> <token>
 */
import { createInterface } from 'node:readline';
import { MessagingConnector } from '@switchyard/connector-messaging';

const [baseUrl, token] = process.argv.slice(2);
const connector = new MessagingConnector({ auth: { api_token: token! }, baseUrl: baseUrl! });
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const { id, params } = JSON.parse(line) as { id: number; params: { limit: number } };
  void connector.execute('users', 'list', params).then((result) => process.stdout.write(`${JSON.stringify({ id, result })}\n`));
});
