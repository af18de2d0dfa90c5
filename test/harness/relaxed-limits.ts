/**
 * What a test stack relaxes of the gateway's defaults (./own-stack.ts): its rate limits, which a
 * suite registering hundreds of users would meet, and the password hash's cost. A stack that must
 * answer as `npm start`'s does (the README's and the guides' runs) gives the rate limits back
 * (npmStartSettings, ./shell.ts).
 */
export const relaxedRateLimits: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP_MAX: '100000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: '100000',
  RATE_LIMIT_LOGIN_ACROSS_CLIENTS_MAX: '100000',
  RATE_LIMIT_REGISTER_PER_IP_MAX: '100000',
  RATE_LIMIT_CREDENTIALS_PER_IP_MAX: '100000',
  RATE_LIMIT_WRITES_PER_CALLER_MAX: '100000',
  RATE_LIMIT_RESENDS_PER_CLIENT_MAX: '100000',
  // A suite registers hundreds of users, and npm test thousands: scrypt at 2^11 (2 MiB, about 6 ms
  // here) instead of OWASP's 2^17 (128 MiB, 0.3 s), said explicitly, as a production start refuses
  // it without the second key. The same code hashes and verifies; only the cost is lower.
  PASSWORD_SCRYPT_LOG2_N: '11',
  PASSWORD_SCRYPT_BELOW_OWASP_FOR_TESTS: 'true',
};
