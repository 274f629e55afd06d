/**
 * The API's types, generated from its description by openapi-typescript: do not edit.
 * Regenerate with `npm run client:types`; test/unit/client-types.test.ts fails when this file
 * is older than the description.
 */

export interface paths {
    "/api/v1/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The authenticated user's profile */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/collection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List collection entries
         * @description Filters combine with AND. `sort`: added (default, newest first), name, value (unpriced entries last), quantity, set (set code, then collector number as text). `meta` totals cover every entry matching the filters.
         */
        get: operations["listCollectionEntries"];
        put?: never;
        /**
         * Add cards to the collection
         * @description Creates an entry (201), or, when an entry with the same card, finish, condition, language and binder exists, adds the quantity to it (200; tags are merged, an empty purchase_price or notes is filled in).
         */
        post: operations["addCollectionEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/collection/value-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the collection was worth on each price date
         * @description For the entries the filters select (as `GET /collection`: `binder_id`, `set`, `finish`, `condition`, `q`), their value at each day prices were recorded (each card import, `ccs cards import --as-of`) between `from` and `to`, oldest first: the quantities you hold now at that day's USD price of each entry's finish. An entry with no price that day counts 0 (`priced_quantity` says how many cards had one); days with no priced entry are left out. The last point is today's `total_value` when the last import recorded its prices.
         */
        get: operations["getCollectionValueHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/collection/sets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your progress through each card set
         * @description Each set you hold at least one copy of (of those the filters select: `binder_id`, `finish`, `condition`, `q` as on `GET /collection`; `set` lists one set), with its cards (distinct collector numbers in the card database, every language) and how many of them you hold, in any language, finish, condition or binder the filters allow. `sort`: released (default, newest first), name, completion (most complete first), value (most valuable first); ties by set code.
         */
        get: operations["listCollectionSets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/collection/sets/{code}/missing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cards of a set you hold no copy of
         * @description One printing per collector number you lack (the English one where the number was printed in English), in set order. The filters (`binder_id`, `finish`, `condition`, `q`) choose which of your copies count, as on `GET /collection/sets`: `finish=foil` lists the cards you hold no foil of. `meta` gives the set's cards and how many you hold. 404 for a set the card database does not have.
         */
        get: operations["listCollectionSetMissing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/collection/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add up to 1000 entries at once, all or nothing
         * @description One transaction: any invalid item answers 422 naming `entries[i].field` and nothing is written. `data[i]` is the entry item i was added to; `meta` counts entries created and existing entries grown.
         */
        post: operations["addCollectionEntries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/collection/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A collection entry */
        get: operations["getCollectionEntry"];
        put?: never;
        post?: never;
        /** Remove a collection entry */
        delete: operations["deleteCollectionEntry"];
        options?: never;
        head?: never;
        /**
         * Change a collection entry
         * @description A change that would make the entry identical to another entry answers 409 `conflict`; nothing is merged.
         */
        patch: operations["updateCollectionEntry"];
        trace?: never;
    };
    "/api/v1/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a collection file (Moxfield, ManaBox, Deckbox, Archidekt, Dragon Shield, TCGplayer, our csv or json)
         * @description The request body is the file itself (`text/csv` or `application/json`, up to `CCS_IMPORT_MAX_BYTES`, default 25 MB; larger is 413). `format=auto` recognises the app from the header line; an unknown header is 422 `unknown_import_format` naming the columns seen. Each row is matched to a card by Scryfall id, else set code and collector number (and language), else name within the set, else name. Rows that resolve to the same entry merge, and merge into your identical entries (same card, finish, condition, language and binder) as `POST /collection` does.
         *
         *     `mode=dry_run` (default) answers 200 with the report and writes nothing. `mode=apply` writes everything in one transaction and answers 201; each created or grown entry emits `collection.entry.created` or `collection.entry.updated` (batched into webhook deliveries as usual). If any row cannot be matched or read, `apply` writes nothing and answers 422 `import_rejected`, whose problem document carries the report's members; `on_unmatched=skip` imports the other rows instead.
         *
         *     A file refused whole: 400 `invalid_json` or `invalid_csv` (malformed), 422 `validation_failed` with `errors[0].code` one of `missing_columns`, `duplicate_columns`, `invalid_encoding` (UTF-16, Latin-1: save as UTF-8), `empty_file`, `too_many_rows` (over 250,000), `too_many_empty_rows` (over 10,000 blank rows); 415 for another media type. At most 2 of your imports run at once: another is 429 `rate_limited` with `Retry-After: 10`. Formats, word tables and limits: docs/import-export.md.
         */
        post: operations["createImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/binders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List binders in position order */
        get: operations["listBinders"];
        put?: never;
        /**
         * Create a binder
         * @description Without `position` the binder goes last; with one, binders at and after it move down one place.
         */
        post: operations["createBinder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/binders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A binder */
        get: operations["getBinder"];
        put?: never;
        post?: never;
        /** Delete a binder; its entries stay in the collection, unassigned */
        delete: operations["deleteBinder"];
        options?: never;
        head?: never;
        /**
         * Rename, describe or move a binder
         * @description Moving a binder renumbers the binders between its old and new place (positions stay 1..n).
         */
        patch: operations["updateBinder"];
        trace?: never;
    };
    "/api/v1/decks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's decks
         * @description All of your decks (any visibility), newest first by default. `meta.total` counts the decks matching the filters.
         */
        get: operations["listDecks"];
        put?: never;
        /** Create a deck */
        post: operations["createDeck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decks/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a deck from Arena or MTGO decklist text
         * @description Lines are `<quantity> <name>` with an optional `(SET) <collector number>`. Sections `Deck`, `Sideboard`, `Commander`, `Companion` (to the sideboard) and `Maybeboard`; without sections, the first blank line starts the sideboard (MTGO). Any unreadable or unknown line fails the import with 422 (`errors[].field` = `text`, the line number in the message) and creates nothing. A line whose `(SET) number` is not a printing of its card gets the card by name, and a `printing_replaced` entry in `meta.warnings` says which printing it got.
         */
        post: operations["importDeck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A deck
         * @description Your deck, or another user's public or unlisted deck. Another user's private deck is a 404.
         */
        get: operations["getDeck"];
        put?: never;
        post?: never;
        /** Delete a deck */
        delete: operations["deleteDeck"];
        options?: never;
        head?: never;
        /**
         * Update a deck
         * @description Changes the fields sent. `cards`, when present, replaces the whole decklist. Only the owner may; anyone else gets 404.
         */
        patch: operations["updateDeck"];
        trace?: never;
    };
    "/api/v1/decks/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A decklist as text
         * @description `arena`: sections and `(SET) number` (re-imports to the same printings); `text`: sections, names only; `mtgo`: main deck, a blank line, then the sideboard (commander included, maybeboard left out). Answers `text/plain`.
         */
        get: operations["exportDeck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decks/{id}/missing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a deck needs that your collection lacks
         * @description Any deck you may read (yours, or a public or unlisted one) against your own collection: per card, the copies the deck holds (its boards together; the maybeboard left out), the copies you own, and how many are missing, in deck order. `match=card` (default) counts a copy of any printing, finish, condition, language or binder; `match=printing` only the deck's printing. `meta` sums them, with what the missing copies cost. Needs `decks:read` and `collection:read`.
         */
        get: operations["getDeckMissingCards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{username}/decks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's public decks
         * @description Public decks only (unlisted and private ones never appear). An unknown username is a 404.
         */
        get: operations["listPublicDecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook subscriptions */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe a URL to events
         * @description `url` must be https (http only for exactly `localhost` or `127.0.0.1`); `events` lists event types or `["*"]` for all, now and future. Without `secret` (16+ characters) one is generated and returned in this response only.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook subscription */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a subscription and its delivery log */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change the URL, events, secret or description
         * @description Deliveries already sealed keep the signature they were sealed with, so their retries carry identical bytes.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send Test: one synthetic event of each subscribed type
         * @description Queues a delivery with `X-Webhook-Test: true` and answers 202 with it; follow its outcome at `GET /webhooks/{id}/deliveries/{delivery_id}`. Attempted once, not counted against the daily limit or the failure count; at most 10 tests per endpoint a minute (a redelivered test included), past which 429 with `Retry-After`.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-enable a subscription and reset its failure count */
        post: operations["enableWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log of the last 30 days, newest first; filter by status or event type */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A delivery with its exact body and every attempt
         * @description Each attempt has its time, status code, duration, error and the response body (first 4,096 bytes by default).
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again as a new delivery with the same body
         * @description Answers 202 with the new delivery (`redelivery_of` names the original). Redelivering a test delivery queues a test delivery (`kind: "test"`, `X-Webhook-Test: true`, attempted once), since its events are sample data.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search cards with the Scryfall syntax
         * @description Bare words and "quoted phrases" match names; keywords such as `t:`, `o:`, `c:`, `id:`, `mv>=3`, `r:`, `s:`, `f:`, `usd<1`, `is:`, `a:`, `kw:`, `lang:`, `year:`, `in:`, `devotion:`, `pt`, `new:`, `has:`, `b:`, `st:`; regular expressions (`o:/^{t}:/`, linear-time RE2); implicit AND, `or`, parentheses, `-` negation, `!"Exact Name"`. Tokens and other extras are left out unless the query asks for them (`include:extras`, `t:token` ...). `order:`, `dir:`, `unique:` and `prefer:` inside `q` win over the parameters. A syntax error or an unknown keyword is a 400 `invalid_query` naming the token and its 0-based `position`. Pages are gzip- or brotli-compressed for clients that ask. Scryfall's `include_extras`, `include_multilingual` and `include_variations` (`true` or `false`) are taken as the `include:` terms; its `page`, `format` and `pretty` are not (422): page with `cursor` (`meta.next_cursor`); answers are JSON. A search that matches nothing is a 200 with an empty `data` (Scryfall answers 404).
         */
        get: operations["searchCards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/named": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A card by name
         * @description `exact=` matches a full name or one face of a multi-face card, case-insensitively; `fuzzy=` also tolerates missing punctuation, partial names and typos. When several cards match a fuzzy name the answer is 404 with `code: "ambiguous"`. `set=` picks the printing from that set.
         */
        get: operations["getCardByName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/autocomplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Up to 20 card names for a partial name
         * @description Names starting with `q` first (spaces and hyphens aside: `nivmiz` and `niv miz` both start Niv-Mizzet), then names with a word starting with it, a word after a hyphen too (a match inside a word is not a completion); extras such as tokens are left out unless `include_extras=true`. Fewer than 2 characters give none. `meta.total` counts every completion, listed or not.
         */
        get: operations["autocompleteCardNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/random": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A random card, of those a search lists
         * @description One of the results `GET /cards/search` lists for `q` and `unique` (English printings, extras left out, unless the query says otherwise), each as likely; without `q`, any card. 404 when nothing matches; a bad query is the same 400 `invalid_query` as a search. Answered with `Cache-Control: no-store`, since the next answer differs.
         */
        get: operations["getRandomCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/collection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Up to 75 cards by identifier
         * @description Identifiers as on Scryfall: `{id}`, `{mtgo_id}`, `{multiverse_id}`, `{oracle_id}`, `{illustration_id}`, `{name}`, `{name, set}` or `{collector_number, set}`. Cards come back in request order; identifiers that matched nothing are listed in `meta.not_found`.
         */
        post: operations["getCardsByIdentifiers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A card printing by its Scryfall id
         * @description The card object, with Scryfall's field names. Always JSON: Scryfall's `format`, `face`, `version` and `pretty` parameters are refused (422), as is any other; the images are at `image_uris` (and each face's).
         */
        get: operations["getCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{id}/printings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every printing of the same card (same oracle id), newest first */
        get: operations["listCardPrintings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{id}/rulings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The card's rulings (shared by all its printings), oldest first */
        get: operations["listCardRulings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{id}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current prices per finish and currency, and their history
         * @description One history point per import date (`ccs cards import --as-of`); `from`/`to` bound the dates of `history`, `finish`/`currency` pick one series. `current` is what the last import set, whatever its date, with the date of that import as `as_of`.
         */
        get: operations["getCardPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{set}/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A card printing by set code and collector number
         * @description The printing with this set code and collector number, as on Scryfall (`/cards/war/221`); both are read in any case, and a collector number with a symbol is percent-encoded (`184★` is `184%E2%98%85`). Of several languages of one printing, the English one (else the one a search shows).
         */
        get: operations["getCardBySetNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{set}/{number}/rulings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The rulings of the card at a set code and collector number, oldest first
         * @description As `GET /cards/{id}/rulings` for the printing `GET /cards/{set}/{number}` answers (Scryfall's `/cards/{code}/{number}/rulings`).
         */
        get: operations["listCardRulingsBySetNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cards/{set}/{number}/{lang}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A card printing by set code, collector number and language
         * @description The printing with this set code and collector number, as on Scryfall (`/cards/war/221`); both are read in any case, and a collector number with a symbol is percent-encoded (`184★` is `184%E2%98%85`). `lang` is Scryfall's language code (`en`, `de`, `ja`, `zhs` ...); 404 when the printing has no such language.
         */
        get: operations["getCardBySetNumberLanguage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Card sets, newest first */
        get: operations["listSets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sets/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A set by its code */
        get: operations["getSet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/price-alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your price alerts, oldest first */
        get: operations["listPriceAlerts"];
        put?: never;
        /**
         * Create a price alert
         * @description Fires one `price.alert.triggered` webhook event when a card-data import moves the price of the printing (in `finish`, default nonfoil, and `currency`, default usd) across `threshold` in `direction`; re-arms when the price crosses back. A price already past the threshold does not fire until it crosses again.
         */
        post: operations["createPriceAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/price-alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A price alert */
        get: operations["getPriceAlert"];
        put?: never;
        post?: never;
        /** Delete a price alert */
        delete: operations["deletePriceAlert"];
        options?: never;
        head?: never;
        /**
         * Change or re-arm a price alert
         * @description Changing the threshold, direction, finish or currency re-arms the alert; `status: "armed"` re-arms it as it is.
         */
        patch: operations["updatePriceAlert"];
        trace?: never;
    };
    "/api/v1/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's exports, newest first
         * @description Every export the user requested, in any state, until 30 days after its file expired (or after it failed): with `collection:read` the collection and binder exports, with `decks:read` the deck exports.
         */
        get: operations["listExports"];
        put?: never;
        /**
         * Request a bulk export
         * @description Queues a file of the whole collection, one binder (optionally filtered with the collection search `q`), or one deck, and answers 202 with the export (`status: pending`). A background worker writes it; poll `GET /exports/{id}` or subscribe to `export.completed`, then download it from `download_url` for 7 days. Formats: `json`, `csv`, `moxfield_csv`, `manabox_csv`, `deckbox_csv`, `archidekt_csv`, and for decks also `arena`, `mtgo`, `mtgo_dek` (a deck format with another source is a 422). Needs `collection:read`; a deck export `decks:read` instead. At most `CCS_EXPORT_MAX_RUNNING_PER_USER` (2) of a user's exports run at once; the rest wait their turn; more than `CCS_EXPORT_MAX_QUEUED_PER_USER` (20) waiting is a 409.
         */
        post: operations["createExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An export and its status
         * @description `download_url` and `expires_at` appear once the export completed; `expired` turns true when the file is gone. Another user's export is a 404. Needs `collection:read`; a deck export's `decks:read` instead.
         */
        get: operations["getExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an export's file
         * @description Streams the file with `Content-Disposition: attachment` and its type: `application/json` (json), `text/csv` (the CSV formats), `text/plain` (arena, mtgo) or `application/xml` (mtgo_dek), all UTF-8. 409 while the export is pending, running or failed; 410 `gone` once it expired. Needs `collection:read`; a deck export's `decks:read` instead.
         */
        get: operations["downloadExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            code: string;
            request_id: string;
            missing_scope?: string;
            retry_after?: number;
            errors?: {
                field: string;
                code: string;
                message: string;
            }[];
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: {
        /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
        IdempotencyKey: string;
        /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
        IfMatch: string;
        /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
        IfNoneMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description Requests per window for this credential's budget (the plan's limit). */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the current window ends. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description Seconds to wait before retrying, when the conflict is a request with the same `Idempotency-Key` still running. */
        RetryAfterWhileRunning: number;
        /** @description Strong entity tag of the object; send it back as `If-Match` (writes) or `If-None-Match` (reads). */
        ETag: string;
        /** @description `true` when this is the kept response of an earlier request with the same `Idempotency-Key`. */
        "Idempotency-Replayed": "true";
        /** @description The RFC 6750 challenge: which error, and for 403 the scope required. */
        "WWW-Authenticate": string;
        /** @description The path of the object the request created, to poll or read it. */
        Location: string;
        /** @description `attachment; filename="..."`: the file's name to save it under. */
        "Content-Disposition": string;
        /** @description `no-store` (or `private, no-store`): an answer no cache may keep or reuse. */
        "Cache-Control": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            username: string;
                            email: string;
                            plan: "free" | "pro";
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCollectionEntries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description added (default), name, value, quantity or set */
                sort?: "added" | "name" | "value" | "quantity" | "set";
                /** @description Default: desc for added/value/quantity, asc for name/set */
                dir?: "asc" | "desc";
                /** @description A binder id, or `none` for entries in no binder */
                binder_id?: string;
                /** @description Set code, case-insensitive */
                set?: string;
                /** @description Only entries of this finish (without it: every finish) */
                finish?: "nonfoil" | "foil" | "etched";
                /** @description Only entries in this condition (without it: every condition) */
                condition?: "mint" | "near_mint" | "lightly_played" | "moderately_played" | "heavily_played" | "damaged";
                /** @description Card-search syntax (as GET /cards/search) over your entries, plus binder:, tag:, condition:, finish:, is:foil|nonfoil|etched (the entry's finish) and qty>=N. At most 1,000 characters (else 400 `invalid_query`). */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            card: {
                                id: string;
                                oracle_id: string | null;
                                name: string;
                                set: string;
                                set_name: string;
                                collector_number: string;
                                rarity: string;
                                lang: string;
                                image_uris: {
                                    [key: string]: string;
                                } | null;
                                prices: {
                                    usd: string | null;
                                    usd_foil: string | null;
                                    usd_etched: string | null;
                                    eur: string | null;
                                    eur_foil: string | null;
                                    tix: string | null;
                                };
                            };
                            quantity: number;
                            condition: string;
                            finish: string;
                            language: string;
                            binder_id: string | null;
                            purchase_price: string | null;
                            value: {
                                /** @enum {string} */
                                currency: "usd";
                                /** @description Current price of one copy in this finish */
                                unit: string;
                                /** @description unit × quantity */
                                total: string;
                            } | null;
                            tags: string[];
                            notes: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        }[];
                        meta: {
                            /** @description Entries matching the filters */
                            total: number;
                            /** @description Sum of their quantities (cards) */
                            total_quantity: number;
                            /** @description Sum of their value totals, USD; entries without a price count as 0 */
                            total_value: string;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addCollectionEntry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    card_id: string;
                    /**
                     * @description Copies held, 1..100000
                     * @default 1
                     */
                    quantity?: number;
                    /**
                     * @description Card condition (default near_mint)
                     * @enum {string}
                     */
                    condition?: "mint" | "near_mint" | "lightly_played" | "moderately_played" | "heavily_played" | "damaged";
                    /**
                     * @description Foil status; must be one of the card's finishes (default nonfoil)
                     * @enum {string}
                     */
                    finish?: "nonfoil" | "foil" | "etched";
                    /**
                     * @description Scryfall language code (en, es, fr, de, it, pt, ja, ko, ru, zhs, zht, he, la, grc, ar, sa, ph, qya); defaults to the card's
                     * @enum {string}
                     */
                    language?: "en" | "es" | "fr" | "de" | "it" | "pt" | "ja" | "ko" | "ru" | "zhs" | "zht" | "he" | "la" | "grc" | "ar" | "sa" | "ph" | "qya";
                    binder_id?: string | null;
                    /** @description Price paid per copy, USD decimal string */
                    purchase_price?: string | null;
                    /** @description Up to 20 labels of 1..40 characters, not all spaces; duplicates are dropped */
                    tags?: string[];
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            card: {
                                id: string;
                                oracle_id: string | null;
                                name: string;
                                set: string;
                                set_name: string;
                                collector_number: string;
                                rarity: string;
                                lang: string;
                                image_uris: {
                                    [key: string]: string;
                                } | null;
                                prices: {
                                    usd: string | null;
                                    usd_foil: string | null;
                                    usd_etched: string | null;
                                    eur: string | null;
                                    eur_foil: string | null;
                                    tix: string | null;
                                };
                            };
                            quantity: number;
                            condition: string;
                            finish: string;
                            language: string;
                            binder_id: string | null;
                            purchase_price: string | null;
                            value: {
                                /** @enum {string} */
                                currency: "usd";
                                /** @description Current price of one copy in this finish */
                                unit: string;
                                /** @description unit × quantity */
                                total: string;
                            } | null;
                            tags: string[];
                            notes: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            card: {
                                id: string;
                                oracle_id: string | null;
                                name: string;
                                set: string;
                                set_name: string;
                                collector_number: string;
                                rarity: string;
                                lang: string;
                                image_uris: {
                                    [key: string]: string;
                                } | null;
                                prices: {
                                    usd: string | null;
                                    usd_foil: string | null;
                                    usd_etched: string | null;
                                    eur: string | null;
                                    eur_foil: string | null;
                                    tix: string | null;
                                };
                            };
                            quantity: number;
                            condition: string;
                            finish: string;
                            language: string;
                            binder_id: string | null;
                            purchase_price: string | null;
                            value: {
                                /** @enum {string} */
                                currency: "usd";
                                /** @description Current price of one copy in this finish */
                                unit: string;
                                /** @description unit × quantity */
                                total: string;
                            } | null;
                            tags: string[];
                            notes: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCollectionValueHistory: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD */
                from?: string;
                /** @description YYYY-MM-DD */
                to?: string;
                /** @description A binder id, or `none` for entries in no binder */
                binder_id?: string;
                /** @description Set code, case-insensitive */
                set?: string;
                /** @description Only entries of this finish (without it: every finish) */
                finish?: "nonfoil" | "foil" | "etched";
                /** @description Only entries in this condition (without it: every condition) */
                condition?: "mint" | "near_mint" | "lightly_played" | "moderately_played" | "heavily_played" | "damaged";
                /** @description Card-search syntax (as GET /cards/search) over your entries, plus binder:, tag:, condition:, finish:, is:foil|nonfoil|etched (the entry's finish) and qty>=N. At most 1,000 characters (else 400 `invalid_query`). */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description A day prices were recorded for (a card import's `--as-of` day), YYYY-MM-DD */
                            date: string;
                            /** @description What the entries priced that day were worth: quantity x the price of their finish, USD */
                            total: string;
                            /** @description The cards (sum of quantities) that had a price that day; the rest count as 0 */
                            priced_quantity: number;
                        }[];
                        meta: {
                            /** @enum {string} */
                            currency: "usd";
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCollectionSets: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description released (default: newest first), name, completion (most complete first) or value (most valuable first) */
                sort?: "released" | "name" | "completion" | "value";
                /** @description Default: asc for name, desc for the others */
                dir?: "asc" | "desc";
                /** @description Set code, case-insensitive */
                set?: string;
                /** @description A binder id, or `none` for entries in no binder */
                binder_id?: string;
                /** @description Only entries of this finish (without it: every finish) */
                finish?: "nonfoil" | "foil" | "etched";
                /** @description Only entries in this condition (without it: every condition) */
                condition?: "mint" | "near_mint" | "lightly_played" | "moderately_played" | "heavily_played" | "damaged";
                /** @description Card-search syntax (as GET /cards/search) over your entries, plus binder:, tag:, condition:, finish:, is:foil|nonfoil|etched (the entry's finish) and qty>=N. At most 1,000 characters (else 400 `invalid_query`). */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Set code, lower case */
                            set: string;
                            set_name: string;
                            set_type: string | null;
                            /** @description YYYY-MM-DD */
                            released_at: string | null;
                            /** @description The set's cards: its distinct collector numbers in the card database (every language) */
                            cards: number;
                            /** @description Of those, how many you hold at least one copy of (any language, finish, condition or binder the filters allow) */
                            owned: number;
                            /** @description cards - owned */
                            missing: number;
                            /** @description owned / cards x 100, rounded down to a tenth (100 only when complete) */
                            percent: number;
                            /** @description Copies held of the set's cards (sum of quantities) */
                            quantity: number;
                            /** @description What those copies are worth, USD (unpriced ones count 0) */
                            value: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCollectionSetMissing: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description A binder id, or `none` for entries in no binder */
                binder_id?: string;
                /** @description Only entries of this finish (without it: every finish) */
                finish?: "nonfoil" | "foil" | "etched";
                /** @description Only entries in this condition (without it: every condition) */
                condition?: "mint" | "near_mint" | "lightly_played" | "moderately_played" | "heavily_played" | "damaged";
                /** @description Card-search syntax (as GET /cards/search) over your entries, plus binder:, tag:, condition:, finish:, is:foil|nonfoil|etched (the entry's finish) and qty>=N. At most 1,000 characters (else 400 `invalid_query`). */
                q?: string;
            };
            header?: never;
            path: {
                /** @description Set code, case-insensitive */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            lang: string;
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                        }[];
                        meta: {
                            /** @description Cards of the set you hold no copy of */
                            total: number;
                            /** @description The set's cards (distinct collector numbers) */
                            cards: number;
                            /** @description Of those, how many you hold */
                            owned: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addCollectionEntries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    entries: {
                        card_id: string;
                        /**
                         * @description Copies held, 1..100000
                         * @default 1
                         */
                        quantity?: number;
                        /**
                         * @description Card condition (default near_mint)
                         * @enum {string}
                         */
                        condition?: "mint" | "near_mint" | "lightly_played" | "moderately_played" | "heavily_played" | "damaged";
                        /**
                         * @description Foil status; must be one of the card's finishes (default nonfoil)
                         * @enum {string}
                         */
                        finish?: "nonfoil" | "foil" | "etched";
                        /**
                         * @description Scryfall language code (en, es, fr, de, it, pt, ja, ko, ru, zhs, zht, he, la, grc, ar, sa, ph, qya); defaults to the card's
                         * @enum {string}
                         */
                        language?: "en" | "es" | "fr" | "de" | "it" | "pt" | "ja" | "ko" | "ru" | "zhs" | "zht" | "he" | "la" | "grc" | "ar" | "sa" | "ph" | "qya";
                        binder_id?: string | null;
                        /** @description Price paid per copy, USD decimal string */
                        purchase_price?: string | null;
                        /** @description Up to 20 labels of 1..40 characters, not all spaces; duplicates are dropped */
                        tags?: string[];
                        notes?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            card: {
                                id: string;
                                oracle_id: string | null;
                                name: string;
                                set: string;
                                set_name: string;
                                collector_number: string;
                                rarity: string;
                                lang: string;
                                image_uris: {
                                    [key: string]: string;
                                } | null;
                                prices: {
                                    usd: string | null;
                                    usd_foil: string | null;
                                    usd_etched: string | null;
                                    eur: string | null;
                                    eur_foil: string | null;
                                    tix: string | null;
                                };
                            };
                            quantity: number;
                            condition: string;
                            finish: string;
                            language: string;
                            binder_id: string | null;
                            purchase_price: string | null;
                            value: {
                                /** @enum {string} */
                                currency: "usd";
                                /** @description Current price of one copy in this finish */
                                unit: string;
                                /** @description unit × quantity */
                                total: string;
                            } | null;
                            tags: string[];
                            notes: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        }[];
                        meta: {
                            /** @description Entries created by this batch */
                            created: number;
                            /** @description Existing entries whose quantity grew */
                            updated: number;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCollectionEntry: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            card: {
                                id: string;
                                oracle_id: string | null;
                                name: string;
                                set: string;
                                set_name: string;
                                collector_number: string;
                                rarity: string;
                                lang: string;
                                image_uris: {
                                    [key: string]: string;
                                } | null;
                                prices: {
                                    usd: string | null;
                                    usd_foil: string | null;
                                    usd_etched: string | null;
                                    eur: string | null;
                                    eur_foil: string | null;
                                    tix: string | null;
                                };
                            };
                            quantity: number;
                            condition: string;
                            finish: string;
                            language: string;
                            binder_id: string | null;
                            purchase_price: string | null;
                            value: {
                                /** @enum {string} */
                                currency: "usd";
                                /** @description Current price of one copy in this finish */
                                unit: string;
                                /** @description unit × quantity */
                                total: string;
                            } | null;
                            tags: string[];
                            notes: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCollectionEntry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no content */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateCollectionEntry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Copies held, 1..100000 */
                    quantity?: number;
                    /**
                     * @description Card condition (default near_mint)
                     * @enum {string}
                     */
                    condition?: "mint" | "near_mint" | "lightly_played" | "moderately_played" | "heavily_played" | "damaged";
                    /**
                     * @description Foil status; must be one of the card's finishes (default nonfoil)
                     * @enum {string}
                     */
                    finish?: "nonfoil" | "foil" | "etched";
                    /**
                     * @description Scryfall language code (en, es, fr, de, it, pt, ja, ko, ru, zhs, zht, he, la, grc, ar, sa, ph, qya); defaults to the card's
                     * @enum {string}
                     */
                    language?: "en" | "es" | "fr" | "de" | "it" | "pt" | "ja" | "ko" | "ru" | "zhs" | "zht" | "he" | "la" | "grc" | "ar" | "sa" | "ph" | "qya";
                    binder_id?: string | null;
                    /** @description Price paid per copy, USD decimal string */
                    purchase_price?: string | null;
                    /** @description Up to 20 labels of 1..40 characters, not all spaces; duplicates are dropped */
                    tags?: string[];
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            card: {
                                id: string;
                                oracle_id: string | null;
                                name: string;
                                set: string;
                                set_name: string;
                                collector_number: string;
                                rarity: string;
                                lang: string;
                                image_uris: {
                                    [key: string]: string;
                                } | null;
                                prices: {
                                    usd: string | null;
                                    usd_foil: string | null;
                                    usd_etched: string | null;
                                    eur: string | null;
                                    eur_foil: string | null;
                                    tix: string | null;
                                };
                            };
                            quantity: number;
                            condition: string;
                            finish: string;
                            language: string;
                            binder_id: string | null;
                            purchase_price: string | null;
                            value: {
                                /** @enum {string} */
                                currency: "usd";
                                /** @description Current price of one copy in this finish */
                                unit: string;
                                /** @description unit × quantity */
                                total: string;
                            } | null;
                            tags: string[];
                            notes: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createImport: {
        parameters: {
            query?: {
                /** @description The app that wrote the file; `auto` (default) recognises it from the header line (a JSON body is read as our `json`) */
                format?: "auto" | "moxfield" | "manabox" | "deckbox" | "archidekt" | "dragonshield" | "tcgplayer" | "csv" | "json";
                /** @description `dry_run` (default) reports what would happen and writes nothing; `apply` writes it */
                mode?: "dry_run" | "apply";
                /** @description Put every entry into this binder of yours (404 if it is not yours) */
                binder_id?: string;
                /** @description `reject` (default): `apply` writes nothing if any row cannot be imported; `skip`: it imports the others and reports those */
                on_unmatched?: "reject" | "skip";
            };
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
                "application/json": {
                    data: Record<string, never>[];
                } | Record<string, never>[];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * @description The format read (as named, or as detected)
                             * @enum {string}
                             */
                            format: "moxfield" | "manabox" | "deckbox" | "archidekt" | "dragonshield" | "tcgplayer" | "csv" | "json";
                            /** @description Data rows read */
                            rows: number;
                            /** @description Rows matched to a card and imported (or, for a dry run, importable) */
                            matched: number;
                            entries_created: number;
                            /** @description Existing entries whose quantity grows */
                            entries_merged: number;
                            /** @description Copies added: the sum of the matched rows' quantities */
                            cards_added: number;
                            /** @description Rows that could not be matched or read (the first 1,000) */
                            unmatched: {
                                /** @description Data row, from 1 (the header is not a row) */
                                row: number;
                                /** @description File line the row starts on; null in JSON files */
                                line: number | null;
                                reason: string;
                                /** @description The row as written (at most 500 characters) */
                                raw: string;
                            }[];
                            /** @description Rows skipped on purpose (quantity 0, proxies, wish lists) and guesses made (the first 1,000) */
                            warnings: {
                                row: number | null;
                                line: number | null;
                                message: string;
                            }[];
                            /** @description All unmatched rows, listed or not */
                            unmatched_count: number;
                            warnings_count: number;
                            /** @description Binders our `csv` or a ManaBox whole-collection file names that you had none of (by name, in any case): created with the entries by `apply`, at the end of your list (a dry run lists what it would create; at most 100 an import) */
                            binders_created: string[];
                            /** @description The entries the import creates or grows, in file order (the first 1,000) */
                            entries: {
                                /**
                                 * @description `merge`: adds to an entry you already have
                                 * @enum {string}
                                 */
                                action: "create" | "merge";
                                card_id: string;
                                name: string;
                                set: string;
                                collector_number: string;
                                finish: string;
                                condition: string;
                                language: string;
                                /** @description Null in a dry run for an entry bound for a binder the import would create (`new_binder` names it) */
                                binder_id: string | null;
                                /** @description The binder this import creates (a dry run: would create) for the entry, by name */
                                new_binder: string | null;
                                /** @description Copies the import adds */
                                quantity: number;
                                /** @description The purchase price read, USD per copy (a merge fills in an entry's empty price only) */
                                purchase_price: string | null;
                                /** @description The tags read, a copy's flags such as `altered` or `signed` included (a merge adds them to the entry's) */
                                tags: string[];
                                /** @description Rows of the file that make this entry (the first 20) */
                                rows: number[];
                            }[];
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * @description The format read (as named, or as detected)
                             * @enum {string}
                             */
                            format: "moxfield" | "manabox" | "deckbox" | "archidekt" | "dragonshield" | "tcgplayer" | "csv" | "json";
                            /** @description Data rows read */
                            rows: number;
                            /** @description Rows matched to a card and imported (or, for a dry run, importable) */
                            matched: number;
                            entries_created: number;
                            /** @description Existing entries whose quantity grows */
                            entries_merged: number;
                            /** @description Copies added: the sum of the matched rows' quantities */
                            cards_added: number;
                            /** @description Rows that could not be matched or read (the first 1,000) */
                            unmatched: {
                                /** @description Data row, from 1 (the header is not a row) */
                                row: number;
                                /** @description File line the row starts on; null in JSON files */
                                line: number | null;
                                reason: string;
                                /** @description The row as written (at most 500 characters) */
                                raw: string;
                            }[];
                            /** @description Rows skipped on purpose (quantity 0, proxies, wish lists) and guesses made (the first 1,000) */
                            warnings: {
                                row: number | null;
                                line: number | null;
                                message: string;
                            }[];
                            /** @description All unmatched rows, listed or not */
                            unmatched_count: number;
                            warnings_count: number;
                            /** @description Binders our `csv` or a ManaBox whole-collection file names that you had none of (by name, in any case): created with the entries by `apply`, at the end of your list (a dry run lists what it would create; at most 100 an import) */
                            binders_created: string[];
                            /** @description The entries the import creates or grows, in file order (the first 1,000) */
                            entries: {
                                /**
                                 * @description `merge`: adds to an entry you already have
                                 * @enum {string}
                                 */
                                action: "create" | "merge";
                                card_id: string;
                                name: string;
                                set: string;
                                collector_number: string;
                                finish: string;
                                condition: string;
                                language: string;
                                /** @description Null in a dry run for an entry bound for a binder the import would create (`new_binder` names it) */
                                binder_id: string | null;
                                /** @description The binder this import creates (a dry run: would create) for the entry, by name */
                                new_binder: string | null;
                                /** @description Copies the import adds */
                                quantity: number;
                                /** @description The purchase price read, USD per copy (a merge fills in an entry's empty price only) */
                                purchase_price: string | null;
                                /** @description The tags read, a copy's flags such as `altered` or `signed` included (a merge adds them to the entry's) */
                                tags: string[];
                                /** @description Rows of the file that make this entry (the first 20) */
                                rows: number[];
                            }[];
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBinders: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string | null;
                            /** @description 1-based and dense: binders are numbered 1..n in display order */
                            position: number;
                            /** @description Collection entries assigned to this binder */
                            entry_count: number;
                            /** @description Sum of those entries' quantities */
                            card_count: number;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createBinder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1..100 characters; surrounding spaces are trimmed */
                    name: string;
                    description?: string | null;
                    /** @description 1-based; past the end means the end; the others are renumbered */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string | null;
                            /** @description 1-based and dense: binders are numbered 1..n in display order */
                            position: number;
                            /** @description Collection entries assigned to this binder */
                            entry_count: number;
                            /** @description Sum of those entries' quantities */
                            card_count: number;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBinder: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string | null;
                            /** @description 1-based and dense: binders are numbered 1..n in display order */
                            position: number;
                            /** @description Collection entries assigned to this binder */
                            entry_count: number;
                            /** @description Sum of those entries' quantities */
                            card_count: number;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteBinder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no content */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateBinder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1..100 characters; surrounding spaces are trimmed */
                    name?: string;
                    description?: string | null;
                    /** @description 1-based; past the end means the end; the others are renumbered */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string | null;
                            /** @description 1-based and dense: binders are numbered 1..n in display order */
                            position: number;
                            /** @description Collection entries assigned to this binder */
                            entry_count: number;
                            /** @description Sum of those entries' quantities */
                            card_count: number;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDecks: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description `created` (default) or `updated`. */
                sort?: "created" | "updated";
                /** @description `desc` (default, newest first) or `asc`. */
                dir?: "desc" | "asc";
                /** @description Only decks built for this format (without it: every format) */
                format?: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                /** @description Only decks of this visibility (without it: all of yours) */
                visibility?: "private" | "unlisted" | "public";
                /** @description `false` leaves each deck's `cards` out (its `card_count` and `legality` stay): at 100,000 printings 200 decks of 100 cards are 15 MB and ~450 ms with them, 58 kB and ~100 ms without. Read a deck's cards with `GET /decks/{id}`. */
                include_cards?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /**
                             * @description Game format the deck is built for; drives the legality check.
                             * @enum {string}
                             */
                            format: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                            /**
                             * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                             * @enum {string}
                             */
                            visibility: "private" | "unlisted" | "public";
                            description: string | null;
                            /** @description Whose deck this is. */
                            owner: {
                                username: string;
                            };
                            /** @description In the order given when the list was last written. */
                            cards?: {
                                card_id: string;
                                card: {
                                    id: string;
                                    oracle_id: string | null;
                                    name: string;
                                    set: string;
                                    set_name: string;
                                    collector_number: string;
                                    rarity: string;
                                    lang: string;
                                    image_uris: {
                                        [key: string]: string;
                                    } | null;
                                    prices: {
                                        usd: string | null;
                                        usd_foil: string | null;
                                        usd_etched: string | null;
                                        eur: string | null;
                                        eur_foil: string | null;
                                        tix: string | null;
                                    };
                                };
                                quantity: number;
                                /**
                                 * @description Which part of the deck the line belongs to.
                                 * @enum {string}
                                 */
                                board: "main" | "sideboard" | "commander" | "maybe";
                            }[];
                            /** @description Sum of quantities on the main and commander boards. */
                            card_count: number;
                            legality: {
                                legal: boolean;
                                problems: {
                                    /** @description not_legal, banned, restricted, too_many_copies, deck_too_small, deck_too_large, sideboard_too_large, commander_missing, invalid_commander, too_many_commanders, signature_spell_missing, color_identity */
                                    code: string;
                                    message: string;
                                    card_id?: string;
                                }[];
                            };
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createDeck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Deck name, 1 to 100 characters (not blank). */
                    name: string;
                    /**
                     * @description Game format the deck is built for; drives the legality check.
                     * @enum {string}
                     */
                    format: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                    /**
                     * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                     * @default private
                     * @enum {string}
                     */
                    visibility?: "private" | "unlisted" | "public";
                    /** @description Free text, up to 5,000 characters. */
                    description?: string | null;
                    /** @description The whole decklist. Lines with the same `card_id` and `board` are merged by adding their quantities (the sum must stay within 999). */
                    cards?: {
                        /** @description A card printing id (Scryfall UUID). */
                        card_id: string;
                        /**
                         * @description Copies, 1 to 999 (default 1).
                         * @default 1
                         */
                        quantity?: number;
                        /**
                         * @description `main` (default), `sideboard`, `commander` or `maybe`.
                         * @default main
                         * @enum {string}
                         */
                        board?: "main" | "sideboard" | "commander" | "maybe";
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /**
                             * @description Game format the deck is built for; drives the legality check.
                             * @enum {string}
                             */
                            format: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                            /**
                             * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                             * @enum {string}
                             */
                            visibility: "private" | "unlisted" | "public";
                            description: string | null;
                            /** @description Whose deck this is. */
                            owner: {
                                username: string;
                            };
                            /** @description In the order given when the list was last written. */
                            cards: {
                                card_id: string;
                                card: {
                                    id: string;
                                    oracle_id: string | null;
                                    name: string;
                                    set: string;
                                    set_name: string;
                                    collector_number: string;
                                    rarity: string;
                                    lang: string;
                                    image_uris: {
                                        [key: string]: string;
                                    } | null;
                                    prices: {
                                        usd: string | null;
                                        usd_foil: string | null;
                                        usd_etched: string | null;
                                        eur: string | null;
                                        eur_foil: string | null;
                                        tix: string | null;
                                    };
                                };
                                quantity: number;
                                /**
                                 * @description Which part of the deck the line belongs to.
                                 * @enum {string}
                                 */
                                board: "main" | "sideboard" | "commander" | "maybe";
                            }[];
                            /** @description Sum of quantities on the main and commander boards. */
                            card_count: number;
                            legality: {
                                legal: boolean;
                                problems: {
                                    /** @description not_legal, banned, restricted, too_many_copies, deck_too_small, deck_too_large, sideboard_too_large, commander_missing, invalid_commander, too_many_commanders, signature_spell_missing, color_identity */
                                    code: string;
                                    message: string;
                                    card_id?: string;
                                }[];
                            };
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importDeck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Deck name, 1 to 100 characters (not blank). */
                    name: string;
                    /**
                     * @description Game format the deck is built for; drives the legality check.
                     * @enum {string}
                     */
                    format: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                    /**
                     * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                     * @default private
                     * @enum {string}
                     */
                    visibility?: "private" | "unlisted" | "public";
                    /** @description Free text, up to 5,000 characters. */
                    description?: string | null;
                    /** @description Arena or MTGO decklist text, e.g. `4 Lightning Bolt (M11) 146`, with optional `Deck`/`Sideboard`/`Commander`/`Maybeboard` sections. */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /**
                             * @description Game format the deck is built for; drives the legality check.
                             * @enum {string}
                             */
                            format: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                            /**
                             * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                             * @enum {string}
                             */
                            visibility: "private" | "unlisted" | "public";
                            description: string | null;
                            /** @description Whose deck this is. */
                            owner: {
                                username: string;
                            };
                            /** @description In the order given when the list was last written. */
                            cards: {
                                card_id: string;
                                card: {
                                    id: string;
                                    oracle_id: string | null;
                                    name: string;
                                    set: string;
                                    set_name: string;
                                    collector_number: string;
                                    rarity: string;
                                    lang: string;
                                    image_uris: {
                                        [key: string]: string;
                                    } | null;
                                    prices: {
                                        usd: string | null;
                                        usd_foil: string | null;
                                        usd_etched: string | null;
                                        eur: string | null;
                                        eur_foil: string | null;
                                        tix: string | null;
                                    };
                                };
                                quantity: number;
                                /**
                                 * @description Which part of the deck the line belongs to.
                                 * @enum {string}
                                 */
                                board: "main" | "sideboard" | "commander" | "maybe";
                            }[];
                            /** @description Sum of quantities on the main and commander boards. */
                            card_count: number;
                            legality: {
                                legal: boolean;
                                problems: {
                                    /** @description not_legal, banned, restricted, too_many_copies, deck_too_small, deck_too_large, sideboard_too_large, commander_missing, invalid_commander, too_many_commanders, signature_spell_missing, color_identity */
                                    code: string;
                                    message: string;
                                    card_id?: string;
                                }[];
                            };
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: {
                            /** @description Lines whose `(SET) number` named no printing of their card: the card was taken by name (the first 100) */
                            warnings: {
                                line: number;
                                /** @enum {string} */
                                code: "printing_replaced";
                                message: string;
                            }[];
                            /** @description All such lines, listed or not */
                            warnings_count: number;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDeck: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /**
                             * @description Game format the deck is built for; drives the legality check.
                             * @enum {string}
                             */
                            format: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                            /**
                             * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                             * @enum {string}
                             */
                            visibility: "private" | "unlisted" | "public";
                            description: string | null;
                            /** @description Whose deck this is. */
                            owner: {
                                username: string;
                            };
                            /** @description In the order given when the list was last written. */
                            cards: {
                                card_id: string;
                                card: {
                                    id: string;
                                    oracle_id: string | null;
                                    name: string;
                                    set: string;
                                    set_name: string;
                                    collector_number: string;
                                    rarity: string;
                                    lang: string;
                                    image_uris: {
                                        [key: string]: string;
                                    } | null;
                                    prices: {
                                        usd: string | null;
                                        usd_foil: string | null;
                                        usd_etched: string | null;
                                        eur: string | null;
                                        eur_foil: string | null;
                                        tix: string | null;
                                    };
                                };
                                quantity: number;
                                /**
                                 * @description Which part of the deck the line belongs to.
                                 * @enum {string}
                                 */
                                board: "main" | "sideboard" | "commander" | "maybe";
                            }[];
                            /** @description Sum of quantities on the main and commander boards. */
                            card_count: number;
                            legality: {
                                legal: boolean;
                                problems: {
                                    /** @description not_legal, banned, restricted, too_many_copies, deck_too_small, deck_too_large, sideboard_too_large, commander_missing, invalid_commander, too_many_commanders, signature_spell_missing, color_identity */
                                    code: string;
                                    message: string;
                                    card_id?: string;
                                }[];
                            };
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDeck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no content */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateDeck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Deck name, 1 to 100 characters (not blank). */
                    name?: string;
                    /**
                     * @description Game format the deck is built for; drives the legality check.
                     * @enum {string}
                     */
                    format?: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                    /**
                     * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                     * @enum {string}
                     */
                    visibility?: "private" | "unlisted" | "public";
                    /** @description Free text, up to 5,000 characters. */
                    description?: string | null;
                    /** @description When present, REPLACES the whole decklist. */
                    cards?: {
                        /** @description A card printing id (Scryfall UUID). */
                        card_id: string;
                        /**
                         * @description Copies, 1 to 999 (default 1).
                         * @default 1
                         */
                        quantity?: number;
                        /**
                         * @description `main` (default), `sideboard`, `commander` or `maybe`.
                         * @default main
                         * @enum {string}
                         */
                        board?: "main" | "sideboard" | "commander" | "maybe";
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /**
                             * @description Game format the deck is built for; drives the legality check.
                             * @enum {string}
                             */
                            format: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                            /**
                             * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                             * @enum {string}
                             */
                            visibility: "private" | "unlisted" | "public";
                            description: string | null;
                            /** @description Whose deck this is. */
                            owner: {
                                username: string;
                            };
                            /** @description In the order given when the list was last written. */
                            cards: {
                                card_id: string;
                                card: {
                                    id: string;
                                    oracle_id: string | null;
                                    name: string;
                                    set: string;
                                    set_name: string;
                                    collector_number: string;
                                    rarity: string;
                                    lang: string;
                                    image_uris: {
                                        [key: string]: string;
                                    } | null;
                                    prices: {
                                        usd: string | null;
                                        usd_foil: string | null;
                                        usd_etched: string | null;
                                        eur: string | null;
                                        eur_foil: string | null;
                                        tix: string | null;
                                    };
                                };
                                quantity: number;
                                /**
                                 * @description Which part of the deck the line belongs to.
                                 * @enum {string}
                                 */
                                board: "main" | "sideboard" | "commander" | "maybe";
                            }[];
                            /** @description Sum of quantities on the main and commander boards. */
                            card_count: number;
                            legality: {
                                legal: boolean;
                                problems: {
                                    /** @description not_legal, banned, restricted, too_many_copies, deck_too_small, deck_too_large, sideboard_too_large, commander_missing, invalid_commander, too_many_commanders, signature_spell_missing, color_identity */
                                    code: string;
                                    message: string;
                                    card_id?: string;
                                }[];
                            };
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportDeck: {
        parameters: {
            query?: {
                /** @description `arena` (default), `mtgo` or `text`. */
                format?: "arena" | "mtgo" | "text";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDeckMissingCards: {
        parameters: {
            query?: {
                /** @description `card` (default): a copy of any printing of the card counts; `printing`: only the deck's own printing. */
                match?: "card" | "printing";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The deck's printing (with `match=card`, the first line's where several lines hold printings of the card). */
                            card_id: string;
                            name: string;
                            /** @description The boards the card is on (not `maybe`: the maybeboard is not checked). */
                            boards: ("main" | "sideboard" | "commander" | "maybe")[];
                            /** @description Copies the deck holds, all its boards together. */
                            needed: number;
                            /** @description Copies in your collection, up to `needed`. */
                            owned: number;
                            /** @description `needed` - `owned`. */
                            missing: number;
                        }[];
                        meta: {
                            /** @enum {string} */
                            match: "card" | "printing";
                            needed: number;
                            owned: number;
                            missing: number;
                            /** @description What the missing copies cost at each printing's cheapest USD price. */
                            missing_value: string;
                            /** @description Missing copies whose printing has no USD price (not in `missing_value`). */
                            missing_unpriced: number;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPublicDecks: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description `created` (default) or `updated`. */
                sort?: "created" | "updated";
                /** @description `desc` (default, newest first) or `asc`. */
                dir?: "desc" | "asc";
                /** @description Only decks built for this format (without it: every format) */
                format?: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                /** @description `false` leaves each deck's `cards` out (its `card_count` and `legality` stay): at 100,000 printings 200 decks of 100 cards are 15 MB and ~450 ms with them, 58 kB and ~100 ms without. Read a deck's cards with `GET /decks/{id}`. */
                include_cards?: boolean;
            };
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /**
                             * @description Game format the deck is built for; drives the legality check.
                             * @enum {string}
                             */
                            format: "standard" | "pioneer" | "modern" | "legacy" | "vintage" | "pauper" | "commander" | "brawl" | "historic" | "oathbreaker" | "limited" | "casual";
                            /**
                             * @description `private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.
                             * @enum {string}
                             */
                            visibility: "private" | "unlisted" | "public";
                            description: string | null;
                            /** @description Whose deck this is. */
                            owner: {
                                username: string;
                            };
                            /** @description In the order given when the list was last written. */
                            cards?: {
                                card_id: string;
                                card: {
                                    id: string;
                                    oracle_id: string | null;
                                    name: string;
                                    set: string;
                                    set_name: string;
                                    collector_number: string;
                                    rarity: string;
                                    lang: string;
                                    image_uris: {
                                        [key: string]: string;
                                    } | null;
                                    prices: {
                                        usd: string | null;
                                        usd_foil: string | null;
                                        usd_etched: string | null;
                                        eur: string | null;
                                        eur_foil: string | null;
                                        tix: string | null;
                                    };
                                };
                                quantity: number;
                                /**
                                 * @description Which part of the deck the line belongs to.
                                 * @enum {string}
                                 */
                                board: "main" | "sideboard" | "commander" | "maybe";
                            }[];
                            /** @description Sum of quantities on the main and commander boards. */
                            card_count: number;
                            legality: {
                                legal: boolean;
                                problems: {
                                    /** @description not_legal, banned, restricted, too_many_copies, deck_too_small, deck_too_large, sideboard_too_large, commander_missing, invalid_commander, too_many_commanders, signature_spell_missing, color_identity */
                                    code: string;
                                    message: string;
                                    card_id?: string;
                                }[];
                            };
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            url: string;
                            /** @description Event types, or ["*"] for every type now and in the future */
                            events: string[];
                            description: string | null;
                            status: "enabled" | "disabled";
                            /** @description Last 4 characters of the signing secret */
                            secret_hint: string;
                            /** @description Failed POSTs in a row; the subscription is disabled when this reaches the limit */
                            consecutive_failures: number;
                            disabled_reason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            disabled_at: string | null;
                            /** @description Deliveries created today (UTC); a batch counts once, retries and tests not at all */
                            deliveries_today: number;
                            daily_limit: number;
                            /** @description Events dropped today because the daily limit was reached */
                            dropped_events_today: number;
                            dropped_events_total: number;
                            /** @description The OAuth application (client id) whose access token created the subscription; null when the user did */
                            application_id: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute `https` URL of at most 2,048 characters (plain `http` only for exactly `localhost` or `127.0.0.1`); no credentials or fragment; private addresses refused unless the server allows them. */
                    url: string;
                    /** @description At least one; each one of: collection.entry.created, collection.entry.updated, collection.entry.deleted, deck.created, deck.updated, deck.deleted, binder.created, binder.updated, binder.deleted, price.alert.triggered, export.completed, or `*` for all. */
                    events: string[];
                    /** @description 16 to 256 characters; made for you when left out (shown once). */
                    secret?: string;
                    /** @description At most 500 characters. */
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            url: string;
                            /** @description Event types, or ["*"] for every type now and in the future */
                            events: string[];
                            description: string | null;
                            status: "enabled" | "disabled";
                            /** @description Last 4 characters of the signing secret */
                            secret_hint: string;
                            /** @description Failed POSTs in a row; the subscription is disabled when this reaches the limit */
                            consecutive_failures: number;
                            disabled_reason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            disabled_at: string | null;
                            /** @description Deliveries created today (UTC); a batch counts once, retries and tests not at all */
                            deliveries_today: number;
                            daily_limit: number;
                            /** @description Events dropped today because the daily limit was reached */
                            dropped_events_today: number;
                            dropped_events_total: number;
                            /** @description The OAuth application (client id) whose access token created the subscription; null when the user did */
                            application_id: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                            /** @description The generated signing secret; present only here, and only when the server generated it */
                            secret?: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            url: string;
                            /** @description Event types, or ["*"] for every type now and in the future */
                            events: string[];
                            description: string | null;
                            status: "enabled" | "disabled";
                            /** @description Last 4 characters of the signing secret */
                            secret_hint: string;
                            /** @description Failed POSTs in a row; the subscription is disabled when this reaches the limit */
                            consecutive_failures: number;
                            disabled_reason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            disabled_at: string | null;
                            /** @description Deliveries created today (UTC); a batch counts once, retries and tests not at all */
                            deliveries_today: number;
                            daily_limit: number;
                            /** @description Events dropped today because the daily limit was reached */
                            dropped_events_today: number;
                            dropped_events_total: number;
                            /** @description The OAuth application (client id) whose access token created the subscription; null when the user did */
                            application_id: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no content */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute `https` URL of at most 2,048 characters (plain `http` only for exactly `localhost` or `127.0.0.1`); no credentials or fragment; private addresses refused unless the server allows them. */
                    url?: string;
                    /** @description At least one; each one of: collection.entry.created, collection.entry.updated, collection.entry.deleted, deck.created, deck.updated, deck.deleted, binder.created, binder.updated, binder.deleted, price.alert.triggered, export.completed, or `*` for all. */
                    events?: string[];
                    /** @description 16 to 256 characters; made for you when left out (shown once). */
                    secret?: string;
                    /** @description At most 500 characters. */
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            url: string;
                            /** @description Event types, or ["*"] for every type now and in the future */
                            events: string[];
                            description: string | null;
                            status: "enabled" | "disabled";
                            /** @description Last 4 characters of the signing secret */
                            secret_hint: string;
                            /** @description Failed POSTs in a row; the subscription is disabled when this reaches the limit */
                            consecutive_failures: number;
                            disabled_reason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            disabled_at: string | null;
                            /** @description Deliveries created today (UTC); a batch counts once, retries and tests not at all */
                            deliveries_today: number;
                            daily_limit: number;
                            /** @description Events dropped today because the daily limit was reached */
                            dropped_events_today: number;
                            dropped_events_total: number;
                            /** @description The OAuth application (client id) whose access token created the subscription; null when the user did */
                            application_id: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Sent as X-Webhook-Delivery */
                            id: string;
                            subscription_id: string;
                            kind: "event" | "test" | "redelivery";
                            status: "pending" | "retrying" | "delivered" | "failed";
                            event_count: number;
                            /** @description The distinct event types in this delivery, sorted */
                            event_types: string[];
                            body_bytes: number;
                            attempt_count: number;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            next_attempt_at: string | null;
                            last_status_code: number | null;
                            last_error: string | null;
                            redelivery_of: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            completed_at: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    enableWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            url: string;
                            /** @description Event types, or ["*"] for every type now and in the future */
                            events: string[];
                            description: string | null;
                            status: "enabled" | "disabled";
                            /** @description Last 4 characters of the signing secret */
                            secret_hint: string;
                            /** @description Failed POSTs in a row; the subscription is disabled when this reaches the limit */
                            consecutive_failures: number;
                            disabled_reason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            disabled_at: string | null;
                            /** @description Deliveries created today (UTC); a batch counts once, retries and tests not at all */
                            deliveries_today: number;
                            daily_limit: number;
                            /** @description Events dropped today because the daily limit was reached */
                            dropped_events_today: number;
                            dropped_events_total: number;
                            /** @description The OAuth application (client id) whose access token created the subscription; null when the user did */
                            application_id: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "pending" | "retrying" | "delivered" | "failed";
                /** @description Only deliveries containing an event of this type (collection.entry.created, collection.entry.updated, collection.entry.deleted, deck.created, deck.updated, deck.deleted, binder.created, binder.updated, binder.deleted, price.alert.triggered, export.completed) */
                event_type?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Sent as X-Webhook-Delivery */
                            id: string;
                            subscription_id: string;
                            kind: "event" | "test" | "redelivery";
                            status: "pending" | "retrying" | "delivered" | "failed";
                            event_count: number;
                            /** @description The distinct event types in this delivery, sorted */
                            event_types: string[];
                            body_bytes: number;
                            attempt_count: number;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            next_attempt_at: string | null;
                            last_status_code: number | null;
                            last_error: string | null;
                            redelivery_of: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            completed_at: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Sent as X-Webhook-Delivery */
                            id: string;
                            subscription_id: string;
                            kind: "event" | "test" | "redelivery";
                            status: "pending" | "retrying" | "delivered" | "failed";
                            event_count: number;
                            /** @description The distinct event types in this delivery, sorted */
                            event_types: string[];
                            body_bytes: number;
                            attempt_count: number;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            next_attempt_at: string | null;
                            last_status_code: number | null;
                            last_error: string | null;
                            redelivery_of: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            completed_at: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                            /** @description The exact JSON body sent (null while the batch is still open) */
                            request_body: string | null;
                            attempts: {
                                /** @description 1 is the first attempt, 2..6 the retries */
                                number: number;
                                /**
                                 * Format: date-time
                                 * @description RFC 3339 UTC timestamp
                                 */
                                attempted_at: string;
                                duration_ms: number;
                                status_code: number | null;
                                success: boolean;
                                error: string | null;
                                /** @description Response bodies are kept up to CCS_WEBHOOK_RESPONSE_BODY_BYTES (default 4,096 bytes). */
                                response_body: string | null;
                                response_body_truncated: boolean;
                            }[];
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Sent as X-Webhook-Delivery */
                            id: string;
                            subscription_id: string;
                            kind: "event" | "test" | "redelivery";
                            status: "pending" | "retrying" | "delivered" | "failed";
                            event_count: number;
                            /** @description The distinct event types in this delivery, sorted */
                            event_types: string[];
                            body_bytes: number;
                            attempt_count: number;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            next_attempt_at: string | null;
                            last_status_code: number | null;
                            last_error: string | null;
                            redelivery_of: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            completed_at: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchCards: {
        parameters: {
            query: {
                /** @description Scryfall search syntax; see docs/card-search.md. At most 1,000 characters (else 400 `invalid_query`). */
                q: string;
                unique?: "cards" | "prints" | "art";
                order?: "name" | "set" | "released" | "rarity" | "color" | "usd" | "eur" | "tix" | "cmc" | "power" | "toughness" | "edhrec" | "penny" | "artist" | "spoiled" | "review";
                dir?: "auto" | "asc" | "desc";
                limit?: number;
                cursor?: string;
                /** @description Scryfall's parameter: `true` is `include:extras` in `q` (tokens, emblems and other extras are not hidden); `false` changes nothing. */
                include_extras?: boolean;
                /** @description Scryfall's parameter: `true` is `include:multilingual` in `q` (every language, as `lang:any`); `false` changes nothing. */
                include_multilingual?: boolean;
                /** @description Scryfall's parameter: `true` is `include:variations` in `q` (printings marked as a variation of another); `false` changes nothing. */
                include_variations?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            lang: string;
                            layout: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            released_at: string | null;
                            mana_cost: string | null;
                            cmc: number | null;
                            type_line: string | null;
                            oracle_text: string | null;
                            power: string | null;
                            toughness: string | null;
                            loyalty: string | null;
                            colors: string[] | null;
                            color_identity: string[];
                            keywords: string[];
                            finishes: string[];
                            artist: string | null;
                            flavor_text: string | null;
                            legalities: {
                                [key: string]: string;
                            };
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            card_faces: {
                                name: string;
                                mana_cost?: string | null;
                                type_line?: string | null;
                                oracle_text?: string | null;
                                colors?: string[] | null;
                                power?: string | null;
                                toughness?: string | null;
                                loyalty?: string | null;
                                flavor_text?: string | null;
                                artist?: string | null;
                                image_uris?: {
                                    [key: string]: string;
                                } | null;
                                printed_name?: string;
                                color_indicator?: string[];
                                illustration_id?: string;
                                watermark?: string;
                                /** @description The face's own oracle id: only on reversible cards, whose faces are cards of their own */
                                oracle_id?: string;
                                /** @description The face's own layout: only on reversible cards */
                                layout?: string;
                                /** @description The face's own mana value: only on reversible cards */
                                cmc?: number;
                                artist_id?: string;
                                flavor_name?: string;
                                /** @description A battle's defense, a string as Scryfall writes power and toughness */
                                defense?: string;
                            }[] | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                            set_type: string | null;
                            printed_name: string | null;
                            color_indicator: string[] | null;
                            produced_mana: string[] | null;
                            all_parts: {
                                id: string;
                                /** @description token, meld_part, meld_result or combo_piece */
                                component: string;
                                name: string;
                                type_line?: string;
                            }[] | null;
                            edhrec_rank: number | null;
                            illustration_id: string | null;
                            border_color: string | null;
                            frame: string | null;
                            watermark: string | null;
                            games: string[];
                            reprint: boolean;
                            promo: boolean;
                            digital: boolean;
                            full_art: boolean;
                            reserved: boolean;
                            multiverse_ids: number[];
                            mtgo_id: number | null;
                            arena_id: number | null;
                            tcgplayer_id: number | null;
                            cardmarket_id: number | null;
                            mtgo_foil_id: number | null;
                            tcgplayer_etched_id: number | null;
                            /** @description Scryfall's id of the set */
                            set_id: string | null;
                            /** @description The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it */
                            scryfall_uri: string | null;
                            /** @description Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data */
                            purchase_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data */
                            related_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description The type line as printed, on a printing not in English */
                            printed_type_line: string | null;
                            /** @description The rules text as printed, on a printing not in English */
                            printed_text: string | null;
                            artist_ids: string[] | null;
                            /** @description Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes` */
                            foil: boolean;
                            /** @description Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes` */
                            nonfoil: boolean;
                            oversized: boolean;
                            textless: boolean;
                            /** @description Found in boosters */
                            booster: boolean;
                            /** @description A variation of another printing (hidden from search unless `include:variations`) */
                            variation: boolean;
                            /** @description The printing this one is a variation of */
                            variation_of: string | null;
                            story_spotlight: boolean;
                            highres_image: boolean;
                            /** @description `missing`, `placeholder`, `lowres` or `highres_scan` */
                            image_status: string | null;
                            frame_effects: string[] | null;
                            promo_types: string[] | null;
                            /** @description `oval`, `triangle`, `acorn`, `circle`, `arena` or `heart` */
                            security_stamp: string | null;
                            card_back_id: string | null;
                            penny_rank: number | null;
                            /** @description A vanguard's life modifier (`+7`) */
                            life_modifier: string | null;
                            /** @description A vanguard's hand modifier (`+1`) */
                            hand_modifier: string | null;
                            /** @description Who previewed the card, where and when */
                            preview: {
                                source: string | null;
                                source_uri: string | null;
                                /** @description YYYY-MM-DD */
                                previewed_at: string | null;
                            } | null;
                            updated_at: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                            order: string;
                            dir: string;
                            unique: string;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCardByName: {
        parameters: {
            query?: {
                exact?: string;
                fuzzy?: string;
                set?: string;
            };
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Scryfall's card object, with its field names. A field the card data lacks is null where Scryfall leaves it out; a multi-faced card also has a top-level `image_uris` (its first face's); Scryfall's API addresses (`uri`, `rulings_uri` ...) are left out. See the card search guide's porting section. */
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            lang: string;
                            layout: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            released_at: string | null;
                            mana_cost: string | null;
                            cmc: number | null;
                            type_line: string | null;
                            oracle_text: string | null;
                            power: string | null;
                            toughness: string | null;
                            loyalty: string | null;
                            colors: string[] | null;
                            color_identity: string[];
                            keywords: string[];
                            finishes: string[];
                            artist: string | null;
                            flavor_text: string | null;
                            legalities: {
                                [key: string]: string;
                            };
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            card_faces: {
                                name: string;
                                mana_cost?: string | null;
                                type_line?: string | null;
                                oracle_text?: string | null;
                                colors?: string[] | null;
                                power?: string | null;
                                toughness?: string | null;
                                loyalty?: string | null;
                                flavor_text?: string | null;
                                artist?: string | null;
                                image_uris?: {
                                    [key: string]: string;
                                } | null;
                                printed_name?: string;
                                color_indicator?: string[];
                                illustration_id?: string;
                                watermark?: string;
                                /** @description The face's own oracle id: only on reversible cards, whose faces are cards of their own */
                                oracle_id?: string;
                                /** @description The face's own layout: only on reversible cards */
                                layout?: string;
                                /** @description The face's own mana value: only on reversible cards */
                                cmc?: number;
                                artist_id?: string;
                                flavor_name?: string;
                                /** @description A battle's defense, a string as Scryfall writes power and toughness */
                                defense?: string;
                            }[] | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                            set_type: string | null;
                            printed_name: string | null;
                            color_indicator: string[] | null;
                            produced_mana: string[] | null;
                            all_parts: {
                                id: string;
                                /** @description token, meld_part, meld_result or combo_piece */
                                component: string;
                                name: string;
                                type_line?: string;
                            }[] | null;
                            edhrec_rank: number | null;
                            illustration_id: string | null;
                            border_color: string | null;
                            frame: string | null;
                            watermark: string | null;
                            games: string[];
                            reprint: boolean;
                            promo: boolean;
                            digital: boolean;
                            full_art: boolean;
                            reserved: boolean;
                            multiverse_ids: number[];
                            mtgo_id: number | null;
                            arena_id: number | null;
                            tcgplayer_id: number | null;
                            cardmarket_id: number | null;
                            mtgo_foil_id: number | null;
                            tcgplayer_etched_id: number | null;
                            /** @description Scryfall's id of the set */
                            set_id: string | null;
                            /** @description The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it */
                            scryfall_uri: string | null;
                            /** @description Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data */
                            purchase_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data */
                            related_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description The type line as printed, on a printing not in English */
                            printed_type_line: string | null;
                            /** @description The rules text as printed, on a printing not in English */
                            printed_text: string | null;
                            artist_ids: string[] | null;
                            /** @description Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes` */
                            foil: boolean;
                            /** @description Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes` */
                            nonfoil: boolean;
                            oversized: boolean;
                            textless: boolean;
                            /** @description Found in boosters */
                            booster: boolean;
                            /** @description A variation of another printing (hidden from search unless `include:variations`) */
                            variation: boolean;
                            /** @description The printing this one is a variation of */
                            variation_of: string | null;
                            story_spotlight: boolean;
                            highres_image: boolean;
                            /** @description `missing`, `placeholder`, `lowres` or `highres_scan` */
                            image_status: string | null;
                            frame_effects: string[] | null;
                            promo_types: string[] | null;
                            /** @description `oval`, `triangle`, `acorn`, `circle`, `arena` or `heart` */
                            security_stamp: string | null;
                            card_back_id: string | null;
                            penny_rank: number | null;
                            /** @description A vanguard's life modifier (`+7`) */
                            life_modifier: string | null;
                            /** @description A vanguard's hand modifier (`+1`) */
                            hand_modifier: string | null;
                            /** @description Who previewed the card, where and when */
                            preview: {
                                source: string | null;
                                source_uri: string | null;
                                /** @description YYYY-MM-DD */
                                previewed_at: string | null;
                            } | null;
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    autocompleteCardNames: {
        parameters: {
            query: {
                q: string;
                /** @description Scryfall's parameter: `true` completes the names of tokens, emblems and other extras too. */
                include_extras?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: string[];
                        meta: {
                            total: number;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRandomCard: {
        parameters: {
            query?: {
                /** @description Scryfall search syntax, as for `/cards/search`; without it, any card. */
                q?: string;
                unique?: "cards" | "prints" | "art";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Scryfall's card object, with its field names. A field the card data lacks is null where Scryfall leaves it out; a multi-faced card also has a top-level `image_uris` (its first face's); Scryfall's API addresses (`uri`, `rulings_uri` ...) are left out. See the card search guide's porting section. */
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            lang: string;
                            layout: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            released_at: string | null;
                            mana_cost: string | null;
                            cmc: number | null;
                            type_line: string | null;
                            oracle_text: string | null;
                            power: string | null;
                            toughness: string | null;
                            loyalty: string | null;
                            colors: string[] | null;
                            color_identity: string[];
                            keywords: string[];
                            finishes: string[];
                            artist: string | null;
                            flavor_text: string | null;
                            legalities: {
                                [key: string]: string;
                            };
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            card_faces: {
                                name: string;
                                mana_cost?: string | null;
                                type_line?: string | null;
                                oracle_text?: string | null;
                                colors?: string[] | null;
                                power?: string | null;
                                toughness?: string | null;
                                loyalty?: string | null;
                                flavor_text?: string | null;
                                artist?: string | null;
                                image_uris?: {
                                    [key: string]: string;
                                } | null;
                                printed_name?: string;
                                color_indicator?: string[];
                                illustration_id?: string;
                                watermark?: string;
                                /** @description The face's own oracle id: only on reversible cards, whose faces are cards of their own */
                                oracle_id?: string;
                                /** @description The face's own layout: only on reversible cards */
                                layout?: string;
                                /** @description The face's own mana value: only on reversible cards */
                                cmc?: number;
                                artist_id?: string;
                                flavor_name?: string;
                                /** @description A battle's defense, a string as Scryfall writes power and toughness */
                                defense?: string;
                            }[] | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                            set_type: string | null;
                            printed_name: string | null;
                            color_indicator: string[] | null;
                            produced_mana: string[] | null;
                            all_parts: {
                                id: string;
                                /** @description token, meld_part, meld_result or combo_piece */
                                component: string;
                                name: string;
                                type_line?: string;
                            }[] | null;
                            edhrec_rank: number | null;
                            illustration_id: string | null;
                            border_color: string | null;
                            frame: string | null;
                            watermark: string | null;
                            games: string[];
                            reprint: boolean;
                            promo: boolean;
                            digital: boolean;
                            full_art: boolean;
                            reserved: boolean;
                            multiverse_ids: number[];
                            mtgo_id: number | null;
                            arena_id: number | null;
                            tcgplayer_id: number | null;
                            cardmarket_id: number | null;
                            mtgo_foil_id: number | null;
                            tcgplayer_etched_id: number | null;
                            /** @description Scryfall's id of the set */
                            set_id: string | null;
                            /** @description The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it */
                            scryfall_uri: string | null;
                            /** @description Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data */
                            purchase_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data */
                            related_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description The type line as printed, on a printing not in English */
                            printed_type_line: string | null;
                            /** @description The rules text as printed, on a printing not in English */
                            printed_text: string | null;
                            artist_ids: string[] | null;
                            /** @description Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes` */
                            foil: boolean;
                            /** @description Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes` */
                            nonfoil: boolean;
                            oversized: boolean;
                            textless: boolean;
                            /** @description Found in boosters */
                            booster: boolean;
                            /** @description A variation of another printing (hidden from search unless `include:variations`) */
                            variation: boolean;
                            /** @description The printing this one is a variation of */
                            variation_of: string | null;
                            story_spotlight: boolean;
                            highres_image: boolean;
                            /** @description `missing`, `placeholder`, `lowres` or `highres_scan` */
                            image_status: string | null;
                            frame_effects: string[] | null;
                            promo_types: string[] | null;
                            /** @description `oval`, `triangle`, `acorn`, `circle`, `arena` or `heart` */
                            security_stamp: string | null;
                            card_back_id: string | null;
                            penny_rank: number | null;
                            /** @description A vanguard's life modifier (`+7`) */
                            life_modifier: string | null;
                            /** @description A vanguard's hand modifier (`+1`) */
                            hand_modifier: string | null;
                            /** @description Who previewed the card, where and when */
                            preview: {
                                source: string | null;
                                source_uri: string | null;
                                /** @description YYYY-MM-DD */
                                previewed_at: string | null;
                            } | null;
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCardsByIdentifiers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    identifiers: {
                        id?: string;
                        mtgo_id?: number;
                        multiverse_id?: number;
                        oracle_id?: string;
                        illustration_id?: string;
                        name?: string;
                        set?: string;
                        collector_number?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            lang: string;
                            layout: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            released_at: string | null;
                            mana_cost: string | null;
                            cmc: number | null;
                            type_line: string | null;
                            oracle_text: string | null;
                            power: string | null;
                            toughness: string | null;
                            loyalty: string | null;
                            colors: string[] | null;
                            color_identity: string[];
                            keywords: string[];
                            finishes: string[];
                            artist: string | null;
                            flavor_text: string | null;
                            legalities: {
                                [key: string]: string;
                            };
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            card_faces: {
                                name: string;
                                mana_cost?: string | null;
                                type_line?: string | null;
                                oracle_text?: string | null;
                                colors?: string[] | null;
                                power?: string | null;
                                toughness?: string | null;
                                loyalty?: string | null;
                                flavor_text?: string | null;
                                artist?: string | null;
                                image_uris?: {
                                    [key: string]: string;
                                } | null;
                                printed_name?: string;
                                color_indicator?: string[];
                                illustration_id?: string;
                                watermark?: string;
                                /** @description The face's own oracle id: only on reversible cards, whose faces are cards of their own */
                                oracle_id?: string;
                                /** @description The face's own layout: only on reversible cards */
                                layout?: string;
                                /** @description The face's own mana value: only on reversible cards */
                                cmc?: number;
                                artist_id?: string;
                                flavor_name?: string;
                                /** @description A battle's defense, a string as Scryfall writes power and toughness */
                                defense?: string;
                            }[] | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                            set_type: string | null;
                            printed_name: string | null;
                            color_indicator: string[] | null;
                            produced_mana: string[] | null;
                            all_parts: {
                                id: string;
                                /** @description token, meld_part, meld_result or combo_piece */
                                component: string;
                                name: string;
                                type_line?: string;
                            }[] | null;
                            edhrec_rank: number | null;
                            illustration_id: string | null;
                            border_color: string | null;
                            frame: string | null;
                            watermark: string | null;
                            games: string[];
                            reprint: boolean;
                            promo: boolean;
                            digital: boolean;
                            full_art: boolean;
                            reserved: boolean;
                            multiverse_ids: number[];
                            mtgo_id: number | null;
                            arena_id: number | null;
                            tcgplayer_id: number | null;
                            cardmarket_id: number | null;
                            mtgo_foil_id: number | null;
                            tcgplayer_etched_id: number | null;
                            /** @description Scryfall's id of the set */
                            set_id: string | null;
                            /** @description The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it */
                            scryfall_uri: string | null;
                            /** @description Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data */
                            purchase_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data */
                            related_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description The type line as printed, on a printing not in English */
                            printed_type_line: string | null;
                            /** @description The rules text as printed, on a printing not in English */
                            printed_text: string | null;
                            artist_ids: string[] | null;
                            /** @description Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes` */
                            foil: boolean;
                            /** @description Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes` */
                            nonfoil: boolean;
                            oversized: boolean;
                            textless: boolean;
                            /** @description Found in boosters */
                            booster: boolean;
                            /** @description A variation of another printing (hidden from search unless `include:variations`) */
                            variation: boolean;
                            /** @description The printing this one is a variation of */
                            variation_of: string | null;
                            story_spotlight: boolean;
                            highres_image: boolean;
                            /** @description `missing`, `placeholder`, `lowres` or `highres_scan` */
                            image_status: string | null;
                            frame_effects: string[] | null;
                            promo_types: string[] | null;
                            /** @description `oval`, `triangle`, `acorn`, `circle`, `arena` or `heart` */
                            security_stamp: string | null;
                            card_back_id: string | null;
                            penny_rank: number | null;
                            /** @description A vanguard's life modifier (`+7`) */
                            life_modifier: string | null;
                            /** @description A vanguard's hand modifier (`+1`) */
                            hand_modifier: string | null;
                            /** @description Who previewed the card, where and when */
                            preview: {
                                source: string | null;
                                source_uri: string | null;
                                /** @description YYYY-MM-DD */
                                previewed_at: string | null;
                            } | null;
                            updated_at: string;
                        }[];
                        meta: {
                            not_found: {
                                id?: string;
                                mtgo_id?: number;
                                multiverse_id?: number;
                                oracle_id?: string;
                                illustration_id?: string;
                                name?: string;
                                set?: string;
                                collector_number?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCard: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Scryfall's card object, with its field names. A field the card data lacks is null where Scryfall leaves it out; a multi-faced card also has a top-level `image_uris` (its first face's); Scryfall's API addresses (`uri`, `rulings_uri` ...) are left out. See the card search guide's porting section. */
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            lang: string;
                            layout: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            released_at: string | null;
                            mana_cost: string | null;
                            cmc: number | null;
                            type_line: string | null;
                            oracle_text: string | null;
                            power: string | null;
                            toughness: string | null;
                            loyalty: string | null;
                            colors: string[] | null;
                            color_identity: string[];
                            keywords: string[];
                            finishes: string[];
                            artist: string | null;
                            flavor_text: string | null;
                            legalities: {
                                [key: string]: string;
                            };
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            card_faces: {
                                name: string;
                                mana_cost?: string | null;
                                type_line?: string | null;
                                oracle_text?: string | null;
                                colors?: string[] | null;
                                power?: string | null;
                                toughness?: string | null;
                                loyalty?: string | null;
                                flavor_text?: string | null;
                                artist?: string | null;
                                image_uris?: {
                                    [key: string]: string;
                                } | null;
                                printed_name?: string;
                                color_indicator?: string[];
                                illustration_id?: string;
                                watermark?: string;
                                /** @description The face's own oracle id: only on reversible cards, whose faces are cards of their own */
                                oracle_id?: string;
                                /** @description The face's own layout: only on reversible cards */
                                layout?: string;
                                /** @description The face's own mana value: only on reversible cards */
                                cmc?: number;
                                artist_id?: string;
                                flavor_name?: string;
                                /** @description A battle's defense, a string as Scryfall writes power and toughness */
                                defense?: string;
                            }[] | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                            set_type: string | null;
                            printed_name: string | null;
                            color_indicator: string[] | null;
                            produced_mana: string[] | null;
                            all_parts: {
                                id: string;
                                /** @description token, meld_part, meld_result or combo_piece */
                                component: string;
                                name: string;
                                type_line?: string;
                            }[] | null;
                            edhrec_rank: number | null;
                            illustration_id: string | null;
                            border_color: string | null;
                            frame: string | null;
                            watermark: string | null;
                            games: string[];
                            reprint: boolean;
                            promo: boolean;
                            digital: boolean;
                            full_art: boolean;
                            reserved: boolean;
                            multiverse_ids: number[];
                            mtgo_id: number | null;
                            arena_id: number | null;
                            tcgplayer_id: number | null;
                            cardmarket_id: number | null;
                            mtgo_foil_id: number | null;
                            tcgplayer_etched_id: number | null;
                            /** @description Scryfall's id of the set */
                            set_id: string | null;
                            /** @description The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it */
                            scryfall_uri: string | null;
                            /** @description Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data */
                            purchase_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data */
                            related_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description The type line as printed, on a printing not in English */
                            printed_type_line: string | null;
                            /** @description The rules text as printed, on a printing not in English */
                            printed_text: string | null;
                            artist_ids: string[] | null;
                            /** @description Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes` */
                            foil: boolean;
                            /** @description Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes` */
                            nonfoil: boolean;
                            oversized: boolean;
                            textless: boolean;
                            /** @description Found in boosters */
                            booster: boolean;
                            /** @description A variation of another printing (hidden from search unless `include:variations`) */
                            variation: boolean;
                            /** @description The printing this one is a variation of */
                            variation_of: string | null;
                            story_spotlight: boolean;
                            highres_image: boolean;
                            /** @description `missing`, `placeholder`, `lowres` or `highres_scan` */
                            image_status: string | null;
                            frame_effects: string[] | null;
                            promo_types: string[] | null;
                            /** @description `oval`, `triangle`, `acorn`, `circle`, `arena` or `heart` */
                            security_stamp: string | null;
                            card_back_id: string | null;
                            penny_rank: number | null;
                            /** @description A vanguard's life modifier (`+7`) */
                            life_modifier: string | null;
                            /** @description A vanguard's hand modifier (`+1`) */
                            hand_modifier: string | null;
                            /** @description Who previewed the card, where and when */
                            preview: {
                                source: string | null;
                                source_uri: string | null;
                                /** @description YYYY-MM-DD */
                                previewed_at: string | null;
                            } | null;
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCardPrintings: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            lang: string;
                            layout: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            released_at: string | null;
                            mana_cost: string | null;
                            cmc: number | null;
                            type_line: string | null;
                            oracle_text: string | null;
                            power: string | null;
                            toughness: string | null;
                            loyalty: string | null;
                            colors: string[] | null;
                            color_identity: string[];
                            keywords: string[];
                            finishes: string[];
                            artist: string | null;
                            flavor_text: string | null;
                            legalities: {
                                [key: string]: string;
                            };
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            card_faces: {
                                name: string;
                                mana_cost?: string | null;
                                type_line?: string | null;
                                oracle_text?: string | null;
                                colors?: string[] | null;
                                power?: string | null;
                                toughness?: string | null;
                                loyalty?: string | null;
                                flavor_text?: string | null;
                                artist?: string | null;
                                image_uris?: {
                                    [key: string]: string;
                                } | null;
                                printed_name?: string;
                                color_indicator?: string[];
                                illustration_id?: string;
                                watermark?: string;
                                /** @description The face's own oracle id: only on reversible cards, whose faces are cards of their own */
                                oracle_id?: string;
                                /** @description The face's own layout: only on reversible cards */
                                layout?: string;
                                /** @description The face's own mana value: only on reversible cards */
                                cmc?: number;
                                artist_id?: string;
                                flavor_name?: string;
                                /** @description A battle's defense, a string as Scryfall writes power and toughness */
                                defense?: string;
                            }[] | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                            set_type: string | null;
                            printed_name: string | null;
                            color_indicator: string[] | null;
                            produced_mana: string[] | null;
                            all_parts: {
                                id: string;
                                /** @description token, meld_part, meld_result or combo_piece */
                                component: string;
                                name: string;
                                type_line?: string;
                            }[] | null;
                            edhrec_rank: number | null;
                            illustration_id: string | null;
                            border_color: string | null;
                            frame: string | null;
                            watermark: string | null;
                            games: string[];
                            reprint: boolean;
                            promo: boolean;
                            digital: boolean;
                            full_art: boolean;
                            reserved: boolean;
                            multiverse_ids: number[];
                            mtgo_id: number | null;
                            arena_id: number | null;
                            tcgplayer_id: number | null;
                            cardmarket_id: number | null;
                            mtgo_foil_id: number | null;
                            tcgplayer_etched_id: number | null;
                            /** @description Scryfall's id of the set */
                            set_id: string | null;
                            /** @description The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it */
                            scryfall_uri: string | null;
                            /** @description Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data */
                            purchase_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data */
                            related_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description The type line as printed, on a printing not in English */
                            printed_type_line: string | null;
                            /** @description The rules text as printed, on a printing not in English */
                            printed_text: string | null;
                            artist_ids: string[] | null;
                            /** @description Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes` */
                            foil: boolean;
                            /** @description Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes` */
                            nonfoil: boolean;
                            oversized: boolean;
                            textless: boolean;
                            /** @description Found in boosters */
                            booster: boolean;
                            /** @description A variation of another printing (hidden from search unless `include:variations`) */
                            variation: boolean;
                            /** @description The printing this one is a variation of */
                            variation_of: string | null;
                            story_spotlight: boolean;
                            highres_image: boolean;
                            /** @description `missing`, `placeholder`, `lowres` or `highres_scan` */
                            image_status: string | null;
                            frame_effects: string[] | null;
                            promo_types: string[] | null;
                            /** @description `oval`, `triangle`, `acorn`, `circle`, `arena` or `heart` */
                            security_stamp: string | null;
                            card_back_id: string | null;
                            penny_rank: number | null;
                            /** @description A vanguard's life modifier (`+7`) */
                            life_modifier: string | null;
                            /** @description A vanguard's hand modifier (`+1`) */
                            hand_modifier: string | null;
                            /** @description Who previewed the card, where and when */
                            preview: {
                                source: string | null;
                                source_uri: string | null;
                                /** @description YYYY-MM-DD */
                                previewed_at: string | null;
                            } | null;
                            updated_at: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCardRulings: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            oracle_id: string;
                            source: string;
                            published_at: string;
                            comment: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCardPrices: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD */
                from?: string;
                /** @description YYYY-MM-DD */
                to?: string;
                finish?: "nonfoil" | "foil" | "etched";
                currency?: "usd" | "eur" | "tix";
            };
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            card_id: string;
                            current: {
                                finish: "nonfoil" | "foil" | "etched";
                                currency: "usd" | "eur" | "tix";
                                /** @description Decimal string */
                                price: string;
                                /** @description Date (YYYY-MM-DD) the import that set it was dated (`--as-of`): the last import, whatever its date; not bounded by `from`/`to`. Null when not recorded */
                                as_of: string | null;
                            }[];
                            history: {
                                finish: "nonfoil" | "foil" | "etched";
                                currency: "usd" | "eur" | "tix";
                                points: {
                                    date: string;
                                    price: string;
                                }[];
                            }[];
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCardBySetNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                set: string;
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Scryfall's card object, with its field names. A field the card data lacks is null where Scryfall leaves it out; a multi-faced card also has a top-level `image_uris` (its first face's); Scryfall's API addresses (`uri`, `rulings_uri` ...) are left out. See the card search guide's porting section. */
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            lang: string;
                            layout: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            released_at: string | null;
                            mana_cost: string | null;
                            cmc: number | null;
                            type_line: string | null;
                            oracle_text: string | null;
                            power: string | null;
                            toughness: string | null;
                            loyalty: string | null;
                            colors: string[] | null;
                            color_identity: string[];
                            keywords: string[];
                            finishes: string[];
                            artist: string | null;
                            flavor_text: string | null;
                            legalities: {
                                [key: string]: string;
                            };
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            card_faces: {
                                name: string;
                                mana_cost?: string | null;
                                type_line?: string | null;
                                oracle_text?: string | null;
                                colors?: string[] | null;
                                power?: string | null;
                                toughness?: string | null;
                                loyalty?: string | null;
                                flavor_text?: string | null;
                                artist?: string | null;
                                image_uris?: {
                                    [key: string]: string;
                                } | null;
                                printed_name?: string;
                                color_indicator?: string[];
                                illustration_id?: string;
                                watermark?: string;
                                /** @description The face's own oracle id: only on reversible cards, whose faces are cards of their own */
                                oracle_id?: string;
                                /** @description The face's own layout: only on reversible cards */
                                layout?: string;
                                /** @description The face's own mana value: only on reversible cards */
                                cmc?: number;
                                artist_id?: string;
                                flavor_name?: string;
                                /** @description A battle's defense, a string as Scryfall writes power and toughness */
                                defense?: string;
                            }[] | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                            set_type: string | null;
                            printed_name: string | null;
                            color_indicator: string[] | null;
                            produced_mana: string[] | null;
                            all_parts: {
                                id: string;
                                /** @description token, meld_part, meld_result or combo_piece */
                                component: string;
                                name: string;
                                type_line?: string;
                            }[] | null;
                            edhrec_rank: number | null;
                            illustration_id: string | null;
                            border_color: string | null;
                            frame: string | null;
                            watermark: string | null;
                            games: string[];
                            reprint: boolean;
                            promo: boolean;
                            digital: boolean;
                            full_art: boolean;
                            reserved: boolean;
                            multiverse_ids: number[];
                            mtgo_id: number | null;
                            arena_id: number | null;
                            tcgplayer_id: number | null;
                            cardmarket_id: number | null;
                            mtgo_foil_id: number | null;
                            tcgplayer_etched_id: number | null;
                            /** @description Scryfall's id of the set */
                            set_id: string | null;
                            /** @description The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it */
                            scryfall_uri: string | null;
                            /** @description Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data */
                            purchase_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data */
                            related_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description The type line as printed, on a printing not in English */
                            printed_type_line: string | null;
                            /** @description The rules text as printed, on a printing not in English */
                            printed_text: string | null;
                            artist_ids: string[] | null;
                            /** @description Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes` */
                            foil: boolean;
                            /** @description Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes` */
                            nonfoil: boolean;
                            oversized: boolean;
                            textless: boolean;
                            /** @description Found in boosters */
                            booster: boolean;
                            /** @description A variation of another printing (hidden from search unless `include:variations`) */
                            variation: boolean;
                            /** @description The printing this one is a variation of */
                            variation_of: string | null;
                            story_spotlight: boolean;
                            highres_image: boolean;
                            /** @description `missing`, `placeholder`, `lowres` or `highres_scan` */
                            image_status: string | null;
                            frame_effects: string[] | null;
                            promo_types: string[] | null;
                            /** @description `oval`, `triangle`, `acorn`, `circle`, `arena` or `heart` */
                            security_stamp: string | null;
                            card_back_id: string | null;
                            penny_rank: number | null;
                            /** @description A vanguard's life modifier (`+7`) */
                            life_modifier: string | null;
                            /** @description A vanguard's hand modifier (`+1`) */
                            hand_modifier: string | null;
                            /** @description Who previewed the card, where and when */
                            preview: {
                                source: string | null;
                                source_uri: string | null;
                                /** @description YYYY-MM-DD */
                                previewed_at: string | null;
                            } | null;
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCardRulingsBySetNumber: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                set: string;
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            oracle_id: string;
                            source: string;
                            published_at: string;
                            comment: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCardBySetNumberLanguage: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                set: string;
                number: string;
                lang: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Scryfall's card object, with its field names. A field the card data lacks is null where Scryfall leaves it out; a multi-faced card also has a top-level `image_uris` (its first face's); Scryfall's API addresses (`uri`, `rulings_uri` ...) are left out. See the card search guide's porting section. */
                        data: {
                            id: string;
                            oracle_id: string | null;
                            name: string;
                            lang: string;
                            layout: string;
                            set: string;
                            set_name: string;
                            collector_number: string;
                            rarity: string;
                            released_at: string | null;
                            mana_cost: string | null;
                            cmc: number | null;
                            type_line: string | null;
                            oracle_text: string | null;
                            power: string | null;
                            toughness: string | null;
                            loyalty: string | null;
                            colors: string[] | null;
                            color_identity: string[];
                            keywords: string[];
                            finishes: string[];
                            artist: string | null;
                            flavor_text: string | null;
                            legalities: {
                                [key: string]: string;
                            };
                            image_uris: {
                                [key: string]: string;
                            } | null;
                            card_faces: {
                                name: string;
                                mana_cost?: string | null;
                                type_line?: string | null;
                                oracle_text?: string | null;
                                colors?: string[] | null;
                                power?: string | null;
                                toughness?: string | null;
                                loyalty?: string | null;
                                flavor_text?: string | null;
                                artist?: string | null;
                                image_uris?: {
                                    [key: string]: string;
                                } | null;
                                printed_name?: string;
                                color_indicator?: string[];
                                illustration_id?: string;
                                watermark?: string;
                                /** @description The face's own oracle id: only on reversible cards, whose faces are cards of their own */
                                oracle_id?: string;
                                /** @description The face's own layout: only on reversible cards */
                                layout?: string;
                                /** @description The face's own mana value: only on reversible cards */
                                cmc?: number;
                                artist_id?: string;
                                flavor_name?: string;
                                /** @description A battle's defense, a string as Scryfall writes power and toughness */
                                defense?: string;
                            }[] | null;
                            prices: {
                                usd: string | null;
                                usd_foil: string | null;
                                usd_etched: string | null;
                                eur: string | null;
                                eur_foil: string | null;
                                tix: string | null;
                            };
                            set_type: string | null;
                            printed_name: string | null;
                            color_indicator: string[] | null;
                            produced_mana: string[] | null;
                            all_parts: {
                                id: string;
                                /** @description token, meld_part, meld_result or combo_piece */
                                component: string;
                                name: string;
                                type_line?: string;
                            }[] | null;
                            edhrec_rank: number | null;
                            illustration_id: string | null;
                            border_color: string | null;
                            frame: string | null;
                            watermark: string | null;
                            games: string[];
                            reprint: boolean;
                            promo: boolean;
                            digital: boolean;
                            full_art: boolean;
                            reserved: boolean;
                            multiverse_ids: number[];
                            mtgo_id: number | null;
                            arena_id: number | null;
                            tcgplayer_id: number | null;
                            cardmarket_id: number | null;
                            mtgo_foil_id: number | null;
                            tcgplayer_etched_id: number | null;
                            /** @description Scryfall's id of the set */
                            set_id: string | null;
                            /** @description The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it */
                            scryfall_uri: string | null;
                            /** @description Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data */
                            purchase_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data */
                            related_uris: {
                                [key: string]: string;
                            } | null;
                            /** @description The type line as printed, on a printing not in English */
                            printed_type_line: string | null;
                            /** @description The rules text as printed, on a printing not in English */
                            printed_text: string | null;
                            artist_ids: string[] | null;
                            /** @description Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes` */
                            foil: boolean;
                            /** @description Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes` */
                            nonfoil: boolean;
                            oversized: boolean;
                            textless: boolean;
                            /** @description Found in boosters */
                            booster: boolean;
                            /** @description A variation of another printing (hidden from search unless `include:variations`) */
                            variation: boolean;
                            /** @description The printing this one is a variation of */
                            variation_of: string | null;
                            story_spotlight: boolean;
                            highres_image: boolean;
                            /** @description `missing`, `placeholder`, `lowres` or `highres_scan` */
                            image_status: string | null;
                            frame_effects: string[] | null;
                            promo_types: string[] | null;
                            /** @description `oval`, `triangle`, `acorn`, `circle`, `arena` or `heart` */
                            security_stamp: string | null;
                            card_back_id: string | null;
                            penny_rank: number | null;
                            /** @description A vanguard's life modifier (`+7`) */
                            life_modifier: string | null;
                            /** @description A vanguard's hand modifier (`+1`) */
                            hand_modifier: string | null;
                            /** @description Who previewed the card, where and when */
                            preview: {
                                source: string | null;
                                source_uri: string | null;
                                /** @description YYYY-MM-DD */
                                previewed_at: string | null;
                            } | null;
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSets: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            name: string;
                            set_type: string | null;
                            released_at: string | null;
                            /** @description Printings of this set in the card database */
                            card_count: number;
                            icon_svg_uri: string | null;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            name: string;
                            set_type: string | null;
                            released_at: string | null;
                            /** @description Printings of this set in the card database */
                            card_count: number;
                            icon_svg_uri: string | null;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPriceAlerts: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                card_id?: string;
                /** @description `triggered` after firing; back to `armed` when the price crosses back */
                status?: "armed" | "triggered";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            finish: "nonfoil" | "foil" | "etched";
                            currency: "usd" | "eur" | "tix";
                            /** @description `above`: fires when the price rises to the threshold or beyond; `below`: when it falls to it or beneath */
                            direction: "above" | "below";
                            /** @description Decimal string, e.g. "12.30" */
                            threshold: string;
                            /** @description `triggered` after firing; back to `armed` when the price crosses back */
                            status: "armed" | "triggered";
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            last_triggered_at: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPriceAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    card_id: string;
                    finish?: "nonfoil" | "foil" | "etched";
                    currency?: "usd" | "eur" | "tix";
                    /** @description `above`: fires when the price rises to the threshold or beyond; `below`: when it falls to it or beneath */
                    direction: "above" | "below";
                    /** @description Decimal string, e.g. "15.00"; at most 9999999.99. */
                    threshold: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            finish: "nonfoil" | "foil" | "etched";
                            currency: "usd" | "eur" | "tix";
                            /** @description `above`: fires when the price rises to the threshold or beyond; `below`: when it falls to it or beneath */
                            direction: "above" | "below";
                            /** @description Decimal string, e.g. "12.30" */
                            threshold: string;
                            /** @description `triggered` after firing; back to `armed` when the price crosses back */
                            status: "armed" | "triggered";
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            last_triggered_at: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPriceAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            finish: "nonfoil" | "foil" | "etched";
                            currency: "usd" | "eur" | "tix";
                            /** @description `above`: fires when the price rises to the threshold or beyond; `below`: when it falls to it or beneath */
                            direction: "above" | "below";
                            /** @description Decimal string, e.g. "12.30" */
                            threshold: string;
                            /** @description `triggered` after firing; back to `armed` when the price crosses back */
                            status: "armed" | "triggered";
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            last_triggered_at: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePriceAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no content */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updatePriceAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The ETag you read (or `*`). When it no longer matches, the answer is 412 `precondition_failed` and nothing changes. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    finish?: "nonfoil" | "foil" | "etched";
                    currency?: "usd" | "eur" | "tix";
                    /** @description `above`: fires when the price rises to the threshold or beyond; `below`: when it falls to it or beneath */
                    direction?: "above" | "below";
                    /** @description Decimal string, e.g. "15.00"; at most 9999999.99. */
                    threshold?: string;
                    /**
                     * @description Re-arm a triggered alert by hand
                     * @enum {string}
                     */
                    status?: "armed";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            card_id: string;
                            finish: "nonfoil" | "foil" | "etched";
                            currency: "usd" | "eur" | "tix";
                            /** @description `above`: fires when the price rises to the threshold or beyond; `below`: when it falls to it or beneath */
                            direction: "above" | "below";
                            /** @description Decimal string, e.g. "12.30" */
                            threshold: string;
                            /** @description `triggered` after firing; back to `armed` when the price crosses back */
                            status: "armed" | "triggered";
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            last_triggered_at: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            updated_at: string;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `If-Match` names none of the object's current ETags: it changed since you read it. Nothing was changed (`precondition_failed`). */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listExports: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            source: "collection" | "binder" | "deck";
                            /** @description Collection formats for every source; `arena`, `mtgo` and `mtgo_dek` for decks only. See docs/import-export.md. */
                            format: "json" | "csv" | "moxfield_csv" | "manabox_csv" | "deckbox_csv" | "archidekt_csv" | "arena" | "mtgo" | "mtgo_dek";
                            /** @description The binder exported (`source: binder`) */
                            binder_id: string | null;
                            /** @description The deck exported (`source: deck`) */
                            deck_id: string | null;
                            /** @description The collection search the entries were filtered with */
                            q: string | null;
                            /** @description `pending` (queued), `running` (being written), `completed` (downloadable until `expires_at`), `failed` (see `error`) */
                            status: "pending" | "running" | "completed" | "failed";
                            /** @description Rows written: collection entries, or deck lines; once completed */
                            row_count: number | null;
                            /** @description Size of the file in bytes; once completed */
                            size_bytes: number | null;
                            /** @description Where to download the file while it is kept: absolute with CCS_PUBLIC_URL, else a path on this service */
                            download_url: string | null;
                            /**
                             * Format: date-time
                             * @description When the file is deleted: 7 days after completion
                             */
                            expires_at: string | null;
                            /** @description True once `expires_at` has passed: the download answers 410 `gone` */
                            expired: boolean;
                            /** @description Why the export failed */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description When a worker first began writing the file
                             */
                            started_at: string | null;
                            /**
                             * Format: date-time
                             * @description When the export completed or failed
                             */
                            completed_at: string | null;
                        }[];
                        meta: {
                            total: number;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first response to a request with this key is kept for 24 hours (per user) and replayed to a retry with `Idempotency-Replayed: true`. The same key on a different request is 422 `idempotency_key_reused`; while the first request runs, a retry gets 409 with `Retry-After`. 5xx responses are not kept; a change that committed is never made twice (409 `idempotency_answer_lost` when its answer was lost). Use a new random key (e.g. a UUID) per logical request. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The whole collection, one binder, or one deck */
                    source: "collection" | "binder" | "deck";
                    /** @description Required with `source: binder` */
                    binder_id?: string;
                    /** @description Required with `source: deck` */
                    deck_id?: string;
                    /** @description Collection formats for every source; `arena`, `mtgo` and `mtgo_dek` for decks only. See docs/import-export.md. */
                    format: "json" | "csv" | "moxfield_csv" | "manabox_csv" | "deckbox_csv" | "archidekt_csv" | "arena" | "mtgo" | "mtgo_dek";
                    /** @description Collection search syntax (as `GET /collection?q=`), for `collection` and `binder` sources */
                    q?: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            source: "collection" | "binder" | "deck";
                            /** @description Collection formats for every source; `arena`, `mtgo` and `mtgo_dek` for decks only. See docs/import-export.md. */
                            format: "json" | "csv" | "moxfield_csv" | "manabox_csv" | "deckbox_csv" | "archidekt_csv" | "arena" | "mtgo" | "mtgo_dek";
                            /** @description The binder exported (`source: binder`) */
                            binder_id: string | null;
                            /** @description The deck exported (`source: deck`) */
                            deck_id: string | null;
                            /** @description The collection search the entries were filtered with */
                            q: string | null;
                            /** @description `pending` (queued), `running` (being written), `completed` (downloadable until `expires_at`), `failed` (see `error`) */
                            status: "pending" | "running" | "completed" | "failed";
                            /** @description Rows written: collection entries, or deck lines; once completed */
                            row_count: number | null;
                            /** @description Size of the file in bytes; once completed */
                            size_bytes: number | null;
                            /** @description Where to download the file while it is kept: absolute with CCS_PUBLIC_URL, else a path on this service */
                            download_url: string | null;
                            /**
                             * Format: date-time
                             * @description When the file is deleted: 7 days after completion
                             */
                            expires_at: string | null;
                            /** @description True once `expires_at` has passed: the download answers 410 `gone` */
                            expired: boolean;
                            /** @description Why the export failed */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description When a worker first began writing the file
                             */
                            started_at: string | null;
                            /**
                             * Format: date-time
                             * @description When the export completed or failed
                             */
                            completed_at: string | null;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfterWhileRunning"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the server accepts (`payload_too_large`). */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not `application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy: when it is still current, the answer is 304 with no body. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            source: "collection" | "binder" | "deck";
                            /** @description Collection formats for every source; `arena`, `mtgo` and `mtgo_dek` for decks only. See docs/import-export.md. */
                            format: "json" | "csv" | "moxfield_csv" | "manabox_csv" | "deckbox_csv" | "archidekt_csv" | "arena" | "mtgo" | "mtgo_dek";
                            /** @description The binder exported (`source: binder`) */
                            binder_id: string | null;
                            /** @description The deck exported (`source: deck`) */
                            deck_id: string | null;
                            /** @description The collection search the entries were filtered with */
                            q: string | null;
                            /** @description `pending` (queued), `running` (being written), `completed` (downloadable until `expires_at`), `failed` (see `error`) */
                            status: "pending" | "running" | "completed" | "failed";
                            /** @description Rows written: collection entries, or deck lines; once completed */
                            row_count: number | null;
                            /** @description Size of the file in bytes; once completed */
                            size_bytes: number | null;
                            /** @description Where to download the file while it is kept: absolute with CCS_PUBLIC_URL, else a path on this service */
                            download_url: string | null;
                            /**
                             * Format: date-time
                             * @description When the file is deleted: 7 days after completion
                             */
                            expires_at: string | null;
                            /** @description True once `expires_at` has passed: the download answers 410 `gone` */
                            expired: boolean;
                            /** @description Why the export failed */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description When a worker first began writing the file
                             */
                            started_at: string | null;
                            /**
                             * Format: date-time
                             * @description When the export completed or failed
                             */
                            completed_at: string | null;
                        };
                        meta: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the ETag in `If-None-Match` is current. */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": {
                        data: Record<string, never>[];
                    };
                    "text/plain": string;
                    "application/xml": string;
                };
            };
            /** @description The request is malformed (`bad_request`: a path or query string that is not valid percent-encoding, a broken header), the body is not JSON (`invalid_json`), or a search query does not parse (`invalid_query`, with `position`). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No credential, or one that is malformed, unknown, revoked or expired (`missing_token`, `invalid_token`, `revoked_token`, `expired_token`). */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The credential lacks the scope this operation requires (`insufficient_scope`, naming `missing_scope`). */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such object, or it is not yours (`not_found`). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running (`conflict`, with `Retry-After`); its first request made its change but the answer was lost, so it is not run again (`idempotency_answer_lost`); or the change conflicts with the current state (`detail` says how). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request target (path and query) is longer than the server reads (`uri_too_long`). */
            414: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The input is invalid (`validation_failed`, with `errors[]` naming each field), or the `Idempotency-Key` was first used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The plan's rate limit is used up (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request's headers are larger than the server reads (`headers_too_large`). */
            431: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database (or Redis) cannot be reached (`service_unavailable`); retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
