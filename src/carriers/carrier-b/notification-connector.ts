import type { EmailNotificationRequest, EmailNotificationResult, NotificationRecipient } from '../../domain/pickups-addresses.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { NotificationConnector } from '../types.js';
import { readAlerts } from './mapping.js';
import { callCarrierB } from './ship-call.js';
import {
  CARRIER_B_MAX_EMAIL_RECIPIENTS,
  CARRIER_B_NOTIFICATIONS_PATH,
  notificationAnswerSchema,
  type WireNotificationRequest,
  type WireTrackingNotification,
} from './notification-wire.js';

/**
 * Carrier B email notifications: one subscription per call, at most four recipients (the carrier refuses a fifth; the
 * service checks before calling, the connector sends what it is given so the carrier's own refusal stays visible). A
 * subscription makes the carrier send mail: the call is sent once, never retried blindly. Rejects with UpstreamError.
 */
export class CarrierBNotificationConnector implements NotificationConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly maxRecipients = CARRIER_B_MAX_EMAIL_RECIPIENTS;

  constructor(private readonly options: { client: UpstreamClient; config: CarrierBConfig }) {}

  async subscribe(request: EmailNotificationRequest): Promise<EmailNotificationResult> {
    const body: WireNotificationRequest = {
      senderEMailAddress: request.senderEmail,
      senderContactName: request.senderName,
      trackingNumberInfo: {
        trackingNumber: request.trackingNumber,
        ...(request.carrierCode ? { carrierCode: request.carrierCode } : {}),
        ...(request.carrierUniqueId ? { trackingNumberUniqueId: request.carrierUniqueId } : {}),
      },
      trackingEventNotificationDetail: { trackingNotifications: request.recipients.map(notification) },
    };
    const { answer } = await callCarrierB(this.options.client, this.options.config.locale, {
      operation: 'notifications',
      method: 'POST',
      path: CARRIER_B_NOTIFICATIONS_PATH,
      json: body,
      schema: notificationAnswerSchema,
      idempotent: false,
    });
    return { accepted: true, message: answer.output?.message ?? null, warnings: readAlerts(answer.output?.alerts) };
  }
}

function notification(recipient: NotificationRecipient): WireTrackingNotification {
  const [language, region] = (recipient.locale ?? '').split('_');
  return {
    role: recipient.role,
    notificationDetail: { emailDetail: { emailAddress: recipient.email, ...(recipient.name ? { name: recipient.name } : {}) } },
    notificationType: recipient.format,
    ...(language ? { localization: { languageCode: language, ...(region ? { localeCode: region } : {}) } } : {}),
    notificationEventTypes: [...recipient.eventTypes],
  };
}
