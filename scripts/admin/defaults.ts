/** The gateway dev-seed and `admin token` talk to unless GATEWAY_URL (or COIN_URL) names another: `npm start`'s. */
export const defaultGatewayUrl = 'http://127.0.0.1:8080';
/** REWARDS is topped up to this many coins when below half of it (`--rewards COINS`). */
export const defaultRewardsTarget = 100_000;
