// One error type for every expected failure, with a code from one closed list. The HTTP layer
// maps it to the contract's body {"detail": {"error", "msg", ...extra}}; nothing else does.

export const ERROR_STATUS = {
  invalid_request: 400,
  unknown_service_code: 400,
  engine_rejected_input: 400,
  async_not_supported: 400,
  invalid_callback_url: 400,
  checkout_invalid: 400,
  bad_fmt: 400,
  invalid_api_key: 401,
  invalid_admin_token: 401,
  insufficient_sptok: 402,
  volume_over_limit: 402,
  checkout_pending: 402,
  sandbox_quota_exceeded: 402,
  tier_insufficient: 403,
  not_your_checkout: 403,
  not_your_report: 403,
  not_your_job: 403,
  forbidden_origin: 403,
  not_found: 404,
  unknown_checkout_session: 404,
  unknown_report_kind: 404,
  report_not_found: 404,
  file_missing: 404,
  job_not_found: 404,
  account_not_found: 404,
  key_not_found: 404,
  method_not_allowed: 405,
  idempotency_key_in_use: 409,
  unsupported_media_type: 415,
  payload_too_large: 413,
  idempotency_key_mismatch: 422,
  rate_limited: 429,
  internal_error: 500,
  engine_error: 500,
  charge_backend_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    msg: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  /** The contract's error body. */
  toBody(): { detail: Record<string, unknown> } {
    return { detail: { error: this.code, msg: this.message, ...this.extra } };
  }
}
