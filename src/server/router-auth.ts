import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from '../platform/config.js';

type RouterAccess = Config['routerAccess'];

/**
 * Compares in constant time: both sides are hashed first, so neither the content nor the length of the secret leaks
 * through how long a wrong guess takes.
 */
export function secretMatches(expected: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(presented));
}

/**
 * /graphql over HTTP only for the router: with ROUTER_SHARED_SECRET set, a request without the secret in
 * ROUTER_SECRET_HEADER is answered 401 with a GraphQL error, before the body is read. Unset: every request passes.
 */
export function routerSecretMiddleware(access: RouterAccess): RequestHandler {
  return (req, res, next) => {
    const expected = access.sharedSecret;
    if (expected === null || secretMatches(expected, req.get(access.secretHeader))) return next();
    res.status(401).json({
      errors: [
        {
          message: `this subgraph answers only its router: send the shared secret in the ${access.secretHeader} header`,
          extensions: { code: 'UNAUTHENTICATED', header: access.secretHeader },
        },
      ],
    });
  };
}

/**
 * graphql-ws: the secret travels in the connection_init payload (a member named like the header, any case) or, for
 * clients that can set headers on the upgrade request, in the header itself. Unset: every connection passes.
 */
export function wsConnectionAuthorized(access: RouterAccess, connectionParams: Record<string, unknown> | undefined, upgrade: IncomingMessage): boolean {
  const expected = access.sharedSecret;
  if (expected === null) return true;
  const wanted = access.secretHeader.toLowerCase();
  const fromPayload = Object.entries(connectionParams ?? {}).find(([key]) => key.toLowerCase() === wanted)?.[1];
  return secretMatches(expected, fromPayload) || secretMatches(expected, upgrade.headers[wanted]);
}

/**
 * Wraps Apollo's subscription-callback plugin so that (1) a callbackUrl whose host is not in
 * SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS is refused before the plugin sends anything (it would otherwise post to any URL
 * a caller names), and (2) an operation refused by validation or a limit is not subscribed: the plugin starts the
 * subscription in willSendResponse, which Apollo also runs for error responses.
 */
export function guardedSubscriptionCallback(inner: ApolloServerPlugin, allowedHosts: readonly string[]): ApolloServerPlugin {
  const allowed = new Set(allowedHosts.map((host) => host.toLowerCase()));
  return {
    ...inner,
    async requestDidStart(requestContext) {
      const subscription = requestContext.request.extensions?.subscription as { callbackUrl?: unknown; callback_url?: unknown } | undefined;
      if (!subscription) return inner.requestDidStart?.(requestContext);
      const callbackUrl = subscription.callbackUrl ?? subscription.callback_url;
      if (!callbackHostAllowed(callbackUrl, allowed)) {
        // The callback plugin is not even started for this request. The refusal is raised at the first hook whose
        // errors Apollo answers as a GraphQL error (a throw in requestDidStart would be a 500).
        return {
          async didResolveOperation() {
            throw new GraphQLError('callbackUrl: its host is not one SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS allows', {
              extensions: { code: 'BAD_USER_INPUT', field: 'extensions.subscription.callbackUrl', fieldPath: ['extensions', 'subscription', 'callbackUrl'], limit: 'SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS', http: { status: 400 } },
            });
          },
        };
      }
      const listener = await inner.requestDidStart?.(requestContext);
      if (!listener) return listener;
      return {
        ...listener,
        async willSendResponse(responseContext) {
          const { body } = responseContext.response;
          if (body.kind === 'single' && (body.singleResult.errors?.length ?? 0) > 0) return;
          await listener.willSendResponse?.(responseContext);
        },
      };
    },
  };
}

/** An http(s) URL whose host (or host:port) is on the list; a port on the list entry must match. */
function callbackHostAllowed(callbackUrl: unknown, allowed: ReadonlySet<string>): boolean {
  if (typeof callbackUrl !== 'string') return false;
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return allowed.has(url.hostname.toLowerCase()) || allowed.has(url.host.toLowerCase());
}
