/**
 * What every `code` of a problem document means, for people: `/docs/errors` renders this, and
 * each problem's `type` URI (`<base>/docs/errors#<code>`) points at its entry. A code thrown
 * anywhere (`Errors.*` in `errors.ts`, or `new AppError(...)`) must have an entry here;
 * `test/unit/error-docs.test.ts` checks it.
 */
export interface ErrorDoc {
  status: number;
  title: string;
  /** When it happens and what to do, in a sentence or two (plain text; `code` in backticks). */
  when: string;
}

export const ERROR_DOCS: Record<string, ErrorDoc> = {
  bad_request: {
    status: 400,
    title: 'Bad request',
    when: 'The HTTP request itself is malformed: a broken request line or header, a missing or invalid `Host` header, or a `Content-Length` that does not match the body. Fix the client or the proxy in front of it.',
  },
  invalid_json: {
    status: 400,
    title: 'Invalid JSON',
    when: 'The body is not valid JSON (or is empty where JSON is required). `detail` says where parsing stopped.',
  },
  invalid_csv: {
    status: 400,
    title: 'Invalid CSV',
    when: 'An import body sent as `text/csv` is malformed (an unterminated quote, a stray quote inside a field); `line` names the row it starts on. Fix the file, or export it again from the app.',
  },
  invalid_query: {
    status: 400,
    title: 'Invalid query',
    when: 'A card-search query (`q` on `/cards/search` or `/collection`) does not parse, uses an unknown or unsupported keyword, or is longer than 1,000 characters. `detail` names the position; `position` and `token` point at the term.',
  },
  missing_token: {
    status: 401,
    title: 'Missing token',
    when: 'The request has no `Authorization` header. Send `Authorization: Bearer <API key or OAuth access token>`.',
  },
  invalid_token: {
    status: 401,
    title: 'Invalid token',
    when: 'The token is malformed, fails its checksum, or is unknown. Check it was copied whole.',
  },
  revoked_token: {
    status: 401,
    title: 'Revoked token',
    when: 'The API key was revoked, or the OAuth grant it came from was withdrawn. Create a new key, or authorize the application again.',
  },
  expired_token: {
    status: 401,
    title: 'Expired token',
    when: 'The OAuth access token is older than its hour. Use the refresh token to get a new one.',
  },
  not_signed_in: {
    status: 401,
    title: 'Not signed in',
    when: 'A developer portal request without a live session. Sign in again.',
  },
  invalid_credentials: {
    status: 401,
    title: 'Invalid credentials',
    when: 'Portal sign-in: the username, e-mail or password is wrong (usernames are not case-sensitive, passwords are).',
  },
  insufficient_scope: {
    status: 403,
    title: 'Insufficient scope',
    when: 'The credential lacks the scope this endpoint needs; `missing_scope` names it. Create a key with that scope, or ask the user to authorize it.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    when: 'The request is understood but not allowed for this caller.',
  },
  csrf_failed: {
    status: 403,
    title: 'CSRF check failed',
    when: 'A portal form came from another site, from a host this server does not trust, or without the page\'s `X-CSRF-Token`. Reload the portal from its configured address and try again.',
  },
  signup_disabled: {
    status: 403,
    title: 'Sign-up is disabled',
    when: 'This server does not accept new accounts (`CCS_SIGNUP=off`). An operator creates accounts with `ccs user create`.',
  },
  not_found: {
    status: 404,
    title: 'Not found',
    when: 'No such object, or it belongs to someone else (never a 403, so existence does not leak), or no such route.',
  },
  ambiguous: {
    status: 404,
    title: 'Ambiguous',
    when: '`/cards/named?fuzzy=` matches too many cards. Add more of the name, or use `exact=`.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    when: 'The path exists but does not answer this method; the `Allow` header lists the methods it does answer.',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    when: 'The request (headers and body) did not arrive in time. Retry; a slow upload may need a faster link.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    when: 'The request conflicts with the current state: a limit is reached (e.g. webhook subscriptions per account), or a retry with the same `Idempotency-Key` arrived while the first request is still running.',
  },
  idempotency_answer_lost: {
    status: 409,
    title: 'Idempotency answer lost',
    when: 'A retry with an `Idempotency-Key` whose first request was carried out (its change committed) but whose answer was never stored: the server stopped, or lost its database connection, between the two. The change is not made a second time; read the resource (e.g. `GET /collection`) to see its state. No `Retry-After`: retrying is no use, though if the process that ran the request is still alive (its database was away longer than the lease) it may yet store the first answer, which a later retry then gets.',
  },
  api_key_limit_reached: {
    status: 409,
    title: 'Too many API keys',
    when: 'The account already has the most active API keys it may (50 by default, `CCS_MAX_API_KEYS`; `limit` says how many). Revoked keys do not count: revoke one you no longer use, then create the new one.',
  },
  gone: {
    status: 410,
    title: 'Gone',
    when: 'An export\'s download after it expired (`expires_at`, seven days after it finished) or after its file was removed. Request a new export.',
  },
  precondition_failed: {
    status: 412,
    title: 'Precondition failed',
    when: 'A change sent with `If-Match` whose ETag is no longer current: someone changed the object since you read it. Nothing was changed; read it again (GET), then retry with the new ETag.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    when: 'The body is larger than the server accepts (`CCS_BODY_LIMIT`, 2 MiB by default; imports have their own limit). Split the request.',
  },
  uri_too_long: {
    status: 414,
    title: 'URI too long',
    when: 'The request target (path or a path parameter) is too long. Shorten it, or move data into the body.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    when: 'The body\'s `Content-Type` is not one this endpoint reads; send `application/json` (imports also take `text/csv`).',
  },
  expectation_failed: {
    status: 417,
    title: 'Expectation failed',
    when: 'The request carried an `Expect` header other than `100-continue`.',
  },
  validation_failed: {
    status: 422,
    title: 'Validation failed',
    when: 'The request is well-formed but some values are not acceptable. `errors: [{field, code, message}]` lists each one (field codes below).',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key reused',
    when: 'An `Idempotency-Key` sent again with a different method, path or body than its first use (keys are remembered for 24 hours). Use a new key for a new request.',
  },
  unknown_import_format: {
    status: 422,
    title: 'Unknown import format',
    when: '`POST /imports` with `format=auto` and a CSV header line no supported app writes; `columns` lists the columns seen. Name the format, or export again from a supported app.',
  },
  import_rejected: {
    status: 422,
    title: 'Import rejected',
    when: '`POST /imports` in `apply` mode met rows it could not match or read: nothing was written, and the problem document carries the same report as `dry_run`. Fix those rows, or send `on_unmatched=skip`.',
  },
  invalid_cursor: {
    status: 422,
    title: 'Invalid cursor',
    when: 'The `cursor` was not handed out by this listing with these parameters (another listing\'s, another sort\'s, garbled, or outlived by a rebuilt card index). Start again from the first page without it.',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    when: 'The credential\'s budget for this minute is spent (the account\'s for API keys, the account and application\'s for OAuth tokens). Wait `Retry-After` seconds (`retry_after` in the body).',
  },
  headers_too_large: {
    status: 431,
    title: 'Request headers too large',
    when: 'The request line and headers together exceed the server\'s limit (16 KiB). Send fewer or smaller headers or cookies.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    when: 'A dependency (the database, or Redis under `CCS_RATE_LIMIT_ON_REDIS_ERROR=closed`) cannot answer right now. Retry after `Retry-After` seconds; nothing was changed.',
  },
};

/** Codes that appear inside `errors[]` of a 422 `validation_failed`, one per field. */
export const FIELD_ERROR_DOCS: Record<string, string> = {
  required: 'The field is missing.',
  invalid_type: 'The value has the wrong JSON type (e.g. a string where a number belongs).',
  unknown_field: 'The field is not part of this request; bodies and query strings are strict.',
  invalid_length: 'The text or list is too short or too long.',
  out_of_range: 'The number is outside the allowed range.',
  invalid_value: 'The value is not one of the allowed values (the message lists them).',
  invalid_format: 'The value does not have the expected format (an id, a date, an e-mail address ...).',
  invalid: 'The value is not acceptable; the message says why.',
  invalid_characters: 'A name (a binder, deck, API key or OAuth application) holds a control character (a line break, a tab) or a mark that changes the direction of text; or a collection entry\'s tag holds a NUL.',
  taken: 'The username or e-mail address is already registered (usernames compare without regard to case).',
  invalid_scope: 'Not a scope this service knows.',
  invalid_webhook_url: 'The webhook URL is refused: not absolute `https` (plain `http` only for exactly `localhost` or `127.0.0.1`), credentials, a fragment, control characters, port 0, a private address, or local targets are turned off on this server (`CCS_WEBHOOK_LOCAL_TARGETS=deny`).',
  invalid_event_type: 'Not a webhook event type, and not `*`.',
  invalid_cursor: 'See `invalid_cursor` above.',
  unknown_card: 'No card in the card database has this id.',
  unknown_binder: 'No binder of yours has this id.',
  unavailable_finish: 'The card is not printed in this finish (a collection entry, a price alert).',
  unsupported_price: 'The card data has no price in this currency for this finish (a price alert on, say, a foil `tix` price).',
  too_short: 'The password is shorter than 10 characters (or longer than 256).',
  incorrect: 'The current password is wrong.',
  invalid_url: 'Not an acceptable URL (OAuth application homepage).',
  invalid_redirect_uri: 'Not an acceptable OAuth redirect URI (`https`, or `http` on a loopback host; no fragment).',
  too_many: 'The list has more items than allowed (an OAuth application registers at most 10 redirect URIs).',
  invalid_idempotency_key: 'The `Idempotency-Key` header is not 1 to 255 printable ASCII characters, or was sent more than once.',
  invalid_range: 'The range is the wrong way round: `from` after `to` (price history, usage).',
  range_too_long: 'The usage range is too long for hourly buckets; ask for day buckets or a shorter range.',
  not_allowed: 'The field does not apply here (an export\'s `binder_id` without `source: "binder"`, `deck_id` without `source: "deck"`, or `q` with a deck).',
  invalid_identifier: 'A card identifier of `POST /cards/collection` that names no card the way Scryfall\'s does (`id`, `name`, `set` with `collector_number` or `name`).',
  too_many_lines: 'The deck list has more distinct card and board lines than a deck may hold.',
  invalid_line: 'A line of a deck list that is not a card line (`4 Lightning Bolt (M11) 146`) or a section name; `errors[].line` numbers it.',
  empty_decklist: 'The deck list holds no card lines.',
  missing_columns: 'An import file lacks a column its format needs (the message names them).',
  duplicate_columns: 'An import file\'s header names one column twice (ignoring case and spaces), so which cell holds the value is ambiguous: remove or rename one.',
  invalid_encoding: 'An import file is not UTF-8 (UTF-16, Latin-1): save it as UTF-8 (Excel: "CSV UTF-8") and upload it again.',
  empty_file: 'An import file is empty, or has a header line but no rows.',
  too_many_rows: 'An import file has more than 250,000 rows: split it.',
  too_many_empty_rows: 'An import file has more than 10,000 empty rows; reading stopped there.',
};

/**
 * Codes of warnings: a request that succeeded but did something other than asked, said in the
 * answer's `meta.warnings` (`[{line, code, message}]`).
 */
export const WARNING_DOCS: Record<string, string> = {
  printing_replaced:
    'A deck list line named a printing (`(SET) number`) that is not a printing of its card, so the card was taken by name; the message says which printing the line asked for and which it got (`POST /decks/import`).',
};
