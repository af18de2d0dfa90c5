import { z } from 'zod';

/**
 * The HTTP API's version: the OpenAPI document's `info.version` (docs/VERSIONING.md), which the
 * gateway serves and a platform client is pinned to when it is created (its `Coin-Version` default).
 */
export const currentApiVersion = '3.1.0';

/** An API version as `Coin-Version` and a platform client's pin name it: X.Y.Z, no prefix or suffix. */
export const apiVersionText = z.string().regex(/^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/, 'an API version X.Y.Z');
