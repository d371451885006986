import { mapPushedShipment } from './mapping.js';
import { confirmationCall, pushNotification } from './wire.js';
/** Group A's push rows as the webhook inbox stored them (validated before the 200, parsed again after a restart). */
export const groupAPushReader = {
    statusChanges: (body) => pushNotification.parse(body).shipments.map(mapPushedShipment),
    confirmation: (body) => {
        const parsed = confirmationCall.safeParse(body);
        return parsed.success ? { subscriptionId: parsed.data.subscriptionId, validationSecret: parsed.data.validationSecret } : null;
    },
};
