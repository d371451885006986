export const UNIFIED_WORDS = {
    LABEL_CREATED: { statusCode: 'pre-transit', status: { en: 'Shipment information received', de: 'Sendungsdaten empfangen' }, nextSteps: null },
    MANIFESTED: { statusCode: 'pre-transit', status: { en: 'Shipment registered for pickup', de: 'Sendung zur Abholung angemeldet' }, nextSteps: null },
    PICKED_UP: { statusCode: 'transit', status: { en: 'Picked up', de: 'Abgeholt' }, nextSteps: null },
    DEPARTED_ORIGIN: { statusCode: 'transit', status: { en: 'Departed origin facility', de: 'Abgangszentrum verlassen' }, nextSteps: null },
    ARRIVED_HUB: { statusCode: 'transit', status: { en: 'Arrived at sort facility', de: 'Im Sortierzentrum angekommen' }, nextSteps: null },
    WEATHER_DELAY: {
        statusCode: 'failure',
        status: { en: 'Delayed by adverse weather', de: 'Verzögerung durch Unwetter' },
        nextSteps: 'The shipment will move on as soon as conditions allow.',
    },
    DEPARTED_HUB: { statusCode: 'transit', status: { en: 'Departed sort facility', de: 'Sortierzentrum verlassen' }, nextSteps: null },
    ARRIVED_DESTINATION: { statusCode: 'transit', status: { en: 'Arrived at delivery facility', de: 'Im Zustellzentrum angekommen' }, nextSteps: null },
    OUT_FOR_DELIVERY: { statusCode: 'transit', status: { en: 'Out for delivery', de: 'In Zustellung' }, nextSteps: null },
    DELIVERY_ATTEMPT_FAILED: {
        statusCode: 'failure',
        status: { en: 'Delivery attempt failed: recipient not available', de: 'Zustellversuch erfolglos: Empfänger nicht angetroffen' },
        nextSteps: 'A new delivery attempt will be made on the next working day.',
    },
    DELIVERED: { statusCode: 'delivered', status: { en: 'Delivered', de: 'Zugestellt' }, nextSteps: null },
    RETURN_TO_SENDER: { statusCode: 'transit', status: { en: 'Returning to sender', de: 'Rücksendung an den Absender' }, nextSteps: null },
    RETURNED: { statusCode: 'delivered', status: { en: 'Returned to sender', de: 'An den Absender zurückgesandt' }, nextSteps: null },
};
export function languageOf(requested) {
    return requested?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
/** Steps the express and freight divisions do not scan (no pre-pickup scans on those networks). */
export const NOT_SCANNED_BY = {
    express: new Set(['LABEL_CREATED', 'MANIFESTED']),
    freight: new Set(['LABEL_CREATED', 'MANIFESTED']),
    ecommerce: new Set(),
};
