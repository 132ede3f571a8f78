// Webhooks: the SSRF guard for callback URLs, signing, and durable delivery with retries.
// Other folders use only what this file exports.

export { createDispatcher, type Dispatcher, type DispatcherOptions } from './dispatcher.ts';
export {
  type CallbackState,
  callbackStateOf,
  type DeliveryStatus,
  enqueueDelivery,
  type NewDelivery,
} from './outbox.ts';
export { RESPONSE_LIMIT_BYTES, type SendOutcome, sendWebhook } from './send.ts';
export { newCallbackSecret, serviceSignature, signedHeaders, standardSignature } from './sign.ts';
export {
  type CallbackUrlCheck,
  type CallbackUrlOptions,
  checkCallbackUrl,
  guardedLookup,
  isPublicAddress,
  lookup,
  type Resolver,
} from './ssrf.ts';
