/**
 * What the execution service's own stack costs with none of the service's work, for
 * bench/hosted-execute.ts: Fastify 5 (the service's framework; the root package.json pins the
 * server package's version) answering the hosted protocol the SDK speaks
 * (`POST /api/v1/connectors/sources/:id/execute {entity, action, params}`, the two token
 * endpoints) by running the action through the runtime's open-source executor
 * against the vendor fake, and sending its `{data, meta}` back. Nothing else: the token endpoints
 * hand out a fixed token that nothing checks, and there is no connector lookup, no rate limit, no
 * body schema, no audit row and no store. The service does all of that on top of this, so its
 * saturated calls per second over this side's is the share its own work leaves; this side's over
 * the bare relay's (relay-child.ts) is the framework and the runtime's.
 * The process is tuned as `switchyard serve` tunes the service's (`tuneServiceProcess`), so the two
 * compare like with like. Prints `{"url"}` when listening; exits when stdin closes.
 *
 *   node --import tsx bench/lib/framework-floor-child.ts <vendor base url> <api token>
 */
import { MessagingConnector } from '@switchyard/connector-messaging';
import { tuneServiceProcess } from '@switchyard/server';
import fastify from 'fastify';

tuneServiceProcess();

const [vendorBase, apiToken] = process.argv.slice(2);
if (!vendorBase || !apiToken) throw new Error('usage: framework-floor-child.ts <vendor base url> <api token>');
const connector = new MessagingConnector({ auth: { api_token: apiToken }, baseUrl: vendorBase });
const token = { access_token: 'framework-floor', token_type: 'bearer', expires_in: 3600 };

interface ExecuteBody {
  entity: string;
  action: string;
  params?: Record<string, unknown>;
}

const app = fastify({ logger: false });
app.post('/api/v1/account/applications/token', async () => token);
app.post('/api/v1/embedded/scoped-token', async () => token);
app.post<{ Body: ExecuteBody }>('/api/v1/connectors/sources/:id/execute', async (request) => {
  const { entity, action, params } = request.body;
  return connector.request(entity, action, params);
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
process.stdin.resume();
process.stdin.once('end', () => {
  void app.close().then(() => process.exit(0));
  // Pooled keep-alive connections would hold close() open.
  setTimeout(() => process.exit(0), 200).unref();
});
