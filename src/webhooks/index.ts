// Webhooks: the SSRF guard for callback URLs, signing, and durable delivery with retries.
// Other folders use only what this file exports.
export {
  type CallbackUrlCheck,
  type CallbackUrlOptions,
  checkCallbackUrl,
  guardedLookup,
  isPublicAddress,
  lookup,
  type Resolver,
} from './ssrf.ts';
export { newCallbackSecret, serviceSignature, signedHeaders, standardSignature } from './sign.ts';
