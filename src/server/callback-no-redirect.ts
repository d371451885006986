import type { ApolloServerPlugin } from '@apollo/server';
import type { ApolloServerPluginSubscriptionCallbackOptions } from '@apollo/server/plugin/subscriptionCallback';
import { GraphQLError } from 'graphql';
import type { Logger } from '../platform/logger.js';
import { currentRequestId } from '../platform/request-context.js';

type Fetcher = NonNullable<ApolloServerPluginSubscriptionCallbackOptions['fetcher']>;

/**
 * The subscription-callback plugin's fetcher: global fetch, but a redirect is never followed. The callback URL's host
 * is checked against SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS before anything is posted; fetch's default (`follow`) would
 * then post the check, every event and the verifier to wherever an allowed host points, allowed or not. With
 * `manual` the 3xx itself is the answer: the plugin ends a check or event that gets one (a status below 500 other
 * than 404 is not retried), and a heartbeat that gets one counts as failed.
 */
export function callbackFetcher(logger: Logger): Fetcher {
  return async (url, init) => {
    // The plugin posts JSON text; a Buffer body is passed as its bytes.
    const body = typeof init?.body === 'string' || init?.body === undefined ? init?.body : new Uint8Array(init.body);
    const response = await fetch(url, { ...init, body, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      logger.warn(
        { callbackHost: hostOf(url), status: response.status, location: originOf(response.headers.get('location'), url) },
        'subscription callback answered a redirect; not followed',
      );
    }
    return response;
  };
}

/**
 * Wraps the callback plugin so that a failed `check` (the router's callback could not be reached or refused it)
 * reaches the client as a typed GraphQL error naming the callback host, its status and the request id, answered 502:
 * the plugin itself answers 500 with the bare cause (e.g. "fetch failed").
 */
export function callbackFailuresExplained(inner: ApolloServerPlugin, logger: Logger): ApolloServerPlugin {
  return {
    ...inner,
    async requestDidStart(requestContext) {
      const listener = await inner.requestDidStart?.(requestContext);
      const subscription = requestContext.request.extensions?.subscription as { callbackUrl?: unknown; callback_url?: unknown } | undefined;
      if (!listener || !subscription) return listener;
      const callbackUrl = String(subscription.callbackUrl ?? subscription.callback_url ?? '');
      return {
        ...listener,
        async willSendResponse(responseContext) {
          await listener.willSendResponse?.(responseContext);
          const { body, http } = responseContext.response;
          const cause = body.kind === 'single' ? body.singleResult.errors?.[0] : undefined;
          // Only the plugin's own check failure: it is the one that sets 500 on an answer carrying errors here.
          if (body.kind !== 'single' || !cause || http.status !== 500) return;
          const error = checkFailed(callbackUrl, cause);
          logger.warn({ ...error.extensions, cause: cause.message }, 'subscription callback check failed; nothing subscribed');
          body.singleResult.errors = [error];
          http.status = 502;
        },
      };
    },
  };
}

function checkFailed(callbackUrl: string, cause: { message: string }): GraphQLError {
  const callbackHost = hostOf(callbackUrl);
  // The plugin says "`check` request failed with unexpected status code: 307, terminating subscription".
  const status = /status code: (\d{3})/.exec(cause.message)?.[1];
  const callbackStatus = status ? Number(status) : undefined;
  const reason =
    callbackStatus !== undefined && callbackStatus >= 300 && callbackStatus < 400
      ? `answered ${callbackStatus}, a redirect (not followed: callbacks go only to the URL the router gave)`
      : `failed (${callbackStatus !== undefined ? `HTTP ${callbackStatus}` : cause.message})`;
  const requestId = currentRequestId();
  return new GraphQLError(`the subscription callback's check request to ${callbackHost} ${reason}; nothing was subscribed`, {
    extensions: {
      code: 'SUBSCRIPTION_CALLBACK_FAILED',
      callbackHost,
      ...(callbackStatus !== undefined ? { callbackStatus } : {}),
      ...(requestId ? { requestId } : {}),
    },
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an unreadable URL';
  }
}

/** Where a redirect pointed, its origin only (a query may carry a token). */
function originOf(location: string | null, base: string): string | null {
  if (!location) return null;
  try {
    return new URL(location, base).origin;
  } catch {
    return 'unreadable';
  }
}
