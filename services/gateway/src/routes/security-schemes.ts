import { oauthTokenPath } from '../plugins/oauth-token';

/**
 * The credentials the OpenAPI document names (components.securitySchemes). Which an operation
 * needs comes from its route's access level (plugins/openapi-transform.ts securityOf).
 */
export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'An access token as `Authorization: Bearer <token>`: a user’s (POST /api/auth/login, /api/auth/refresh), or a platform client’s on the operations that list platformClient too.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'An ADMIN’s or SUPERADMIN’s API key, beside their access token, on the money operations of the key’s scope.',
  },
  platformClient: {
    type: 'oauth2',
    description:
      'A platform client’s access token, from the OAuth 2.0 client-credentials grant (RFC 6749 §4.4) at POST /api/auth/token, sent as `Authorization: Bearer <token>`. It reaches only the operations that list this scheme.',
    flows: {
      // Relative, as every path of the document is: to the server the document was read from.
      clientCredentials: { tokenUrl: oauthTokenPath, scopes: {} },
    },
  },
} as const;
