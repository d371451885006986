import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { PushWebhookWire } from '../carriers/module-contract.js';
import { findUnstorableText } from '../domain/text-bounds.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import { splitByCoverage, type PushSetAside } from '../services/realtime/push-set-aside.js';
import type { PushSubscriptionService, SecretHolder } from '../services/realtime/push-subscriptions.js';
import type { WebhookInbox } from '../services/realtime/webhook-inbox.js';

export interface PushWebhookOptions {
  /** The pushing carrier's source name (the module's `push.source`): inbox rows and log lines carry it. */
  source: string;
  subscriptions: PushSubscriptionService;
  inbox: WebhookInbox;
  /** Where the shipments of a push that its subscription does not cover go instead of the inbox. */
  setAside: PushSetAside;
  /** The pushing module's reading of the calls (CarrierPush.webhook): this router knows no carrier's wire. */
  wire: PushWebhookWire;
  /** Assumption P5: the header carrying the validation secret on notifications (GROUP_A_PUSH_SECRET_HEADER). */
  secretHeader: string;
  maxBodyBytes: number;
  logger: Logger;
  metrics?: Metrics;
}

/**
 * Group A's webhook (seed 000, "Events"). Confirmation calls are stored, answered 200 and verified after the answer.
 * Notifications must carry a live validation secret (401 otherwise, nothing stored), fit in `maxBodyBytes` (413),
 * and match the seed's shape with values the store accepts (400 naming the path: real date-times, no control
 * characters in ids and codes, no NUL anywhere); a good one is written to the inbox, THEN answered 200 ("must
 * answer HTTP 200 within five seconds; processing is to happen after acknowledgement"), then processed.
 * A push is taken only for what the subscription whose secret it carries covers (src/domain/push.ts): the other
 * shipments of it are set aside (PushSetAside), never recorded, and the push is still answered 200 (with `setAside`
 * counted) so the carrier does not retry what we will never take.
 * Nothing about a body's content (numbers, addresses) is logged: only issue paths and counts.
 */
export function pushWebhookRouter(options: PushWebhookOptions): Router {
  const { subscriptions, inbox, source } = options;
  // Every line of this router names its webhook.
  const logger = options.logger.child({ webhook: source });
  const secretHeader = options.secretHeader.toLowerCase();
  const router = express.Router();

  // Every answer is counted by scope and status; a 200's duration is the acknowledgement latency.
  router.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const scope = typeof res.locals.scope === 'string' ? res.locals.scope : 'unknown';
      options.metrics?.webhookCalls.inc({ scope, status: String(res.statusCode) });
      if (res.statusCode === 200) options.metrics?.webhookAckDuration.observe({ scope }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });

  router.post('/', express.raw({ type: () => true, limit: options.maxBodyBytes }), async (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return badRequest(res, logger, raw.length === 0 ? 'the body is empty; expected a JSON object' : 'the body is not valid JSON');
    }
    const confirming = options.wire.isConfirmation(json);
    const presented = headerValue(req, secretHeader);

    // Only the confirmation call comes before a secret exists; everything else must carry one.
    const holders: SecretHolder[] = confirming ? [] : await subscriptions.holdersOfSecret(presented);
    if (!confirming && holders.length === 0) {
      logger.warn({ secretPresent: presented !== undefined }, 'webhook refused: validation secret missing or wrong');
      return res.status(401).json({ error: 'unauthorized', message: `missing or wrong validation secret in ${options.secretHeader}` });
    }
    // Everything acknowledged must be storable and processable (DESIGN.md: "acknowledge only what can be processed"):
    // a NUL or a lone surrogate anywhere would make the inbox write fail (a 503 the carrier retries forever).
    const unstorable = findUnstorableText(json);
    if (unstorable) return badRequest(res, logger, `${unstorable}: contains a NUL character or an unpaired surrogate`);
    const parsed = options.wire.parse(json);
    if (!parsed.ok) return badRequest(res, logger, parsed.problem);
    const call = parsed.call;
    // A body that claimed to be a confirmation but reads as another call came without the secret check: refuse it.
    if (confirming !== (call.kind === 'confirmation')) return badRequest(res, logger, 'scope: not a confirmation call');

    res.locals.scope = call.scope;
    // A confirmation carries no secret: one that no subscription of ours awaits is refused before anything is stored.
    if (call.kind === 'confirmation' && !(await subscriptions.awaitsConfirmation(call.subscriptionId))) {
      logger.warn('webhook refused: a confirmation no subscription awaits');
      return res.status(404).json({ error: 'not_found', message: 'no subscription awaits this confirmation' });
    }
    if (call.kind === 'notification') {
      // The seed: a subscription covers one tracking number, or a customer account's shipments. What it does not
      // cover is kept apart before the 200 too, so an operator can look at it; it is never a status.
      const split = splitByCoverage(holders, call.shipments, call.coverageOf);
      try {
        if (split.setAside.length > 0) {
          const body = call.bodyWith(split.setAside.map((aside) => aside.shipment));
          await options.setAside.record(source, body, holders.map((holder) => holder.id), split.setAside.map((aside) => aside.reason));
        }
        if (split.inScope.length > 0) await inbox.accept(source, call.bodyWith(split.inScope));
      } catch (error) {
        return unavailable(res, logger, error);
      }
      res.status(200).json({ received: split.inScope.length, ...(split.setAside.length > 0 ? { setAside: split.setAside.length } : {}) });
      if (split.inScope.length > 0) void inbox.kickFor('notification');
      return undefined;
    }
    if (call.kind === 'confirmation') {
      // Stored before the 200 and processed after it: a crash in between does not lose the confirmation (which the
      // carrier does not repeat).
      try {
        await inbox.accept(source, call.body);
      } catch (error) {
        return unavailable(res, logger, error);
      }
      res.status(200).json({ received: 'confirmation' });
      void inbox.kickFor('confirmation');
      return undefined;
    }
    const outcome = await subscriptions.approve(call.subscriptionId, presented);
    if (outcome === 'unknown') return res.status(404).json({ error: 'not_found', message: 'no such subscription' });
    if (outcome === 'unauthorized') return res.status(401).json({ error: 'unauthorized', message: 'wrong validation secret' });
    return res.status(200).json({ received: 'approval' });
  });

  // express.raw's own errors: a body over the limit (413) or an unreadable one (400).
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
    if (status === 413) {
      logger.warn({ limitBytes: options.maxBodyBytes }, 'webhook refused: body too large');
      res.status(413).json({ error: 'payload_too_large', message: `the body exceeds ${options.maxBodyBytes} bytes` });
      return;
    }
    if (status === 400) {
      badRequest(res, logger, 'the body could not be read');
      return;
    }
    next(error);
  });
  return router;
}

function headerValue(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

function unavailable(res: Response, logger: Logger, error: unknown): Response {
  logger.error({ err: error }, 'webhook call could not be stored; answering 503 so the carrier retries');
  return res.status(503).json({ error: 'unavailable', message: 'not stored; retry later' });
}

function badRequest(res: Response, logger: Logger, message: string): Response {
  logger.warn({ problem: message }, 'webhook refused: malformed body');
  return res.status(400).json({ error: 'bad_request', message });
}
