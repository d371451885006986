/** Mutation payloads are shaped in src/graphql/errors.ts (the one place errors are mapped); re-exported for old imports. */
export { mutationPayload, payload as carrierPayload, userErrorOf, type Payload as CarrierPayload } from '../errors.js';
