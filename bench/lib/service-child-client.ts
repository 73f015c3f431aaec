/**
 * The hosted messaging connector of the service bench/lib/service-child.ts started, from the JSON
 * line it printed when ready (`{url, clientId, clientSecret, connectorId, externalUserId}`).
 */
import { MessagingConnector } from '@switchyard/connector-messaging';

export function hostedFromServiceChild(hello: Record<string, unknown>): ReturnType<typeof MessagingConnector.hosted> {
  const field = (name: string): string => {
    const value = hello[name];
    if (typeof value !== 'string') throw new Error(`the service child's ready line has no ${name}`);
    return value;
  };
  return MessagingConnector.hosted({
    baseUrl: field('url'),
    externalUserId: field('externalUserId'),
    clientId: field('clientId'),
    clientSecret: field('clientSecret'),
    connectorId: field('connectorId'),
  });
}
