/** The OpenAPI security requirement of a route for a signed-in caller (an access token). */
export const userSecurity = [{ bearerAuth: [] }];
/** An access token and an API key (x-api-key) of the route's scope: admins' money routes. */
export const apiKeySecurity = [{ bearerAuth: [], apiKey: [] }];
