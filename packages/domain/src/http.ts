/**
 * The request header of DESIGN §4 that makes a money `POST` safe to repeat: the web sends it, the
 * server reads it. Lower case, as Node hands incoming headers to the server (HTTP names are
 * case-insensitive, so the web may send it as it likes).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** What an idempotency key may be: 1 to 200 visible ASCII characters (the server refuses any other, 422). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
