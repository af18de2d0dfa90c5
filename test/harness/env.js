"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.testInfra = testInfra;
exports.uniquePrefix = uniquePrefix;
const node_crypto_1 = require("node:crypto");
/** The infrastructure chosen by global-setup for this run. */
function testInfra() {
    const brokers = process.env.COIN_TEST_KAFKA_BROKERS;
    const databaseUrl = process.env.COIN_TEST_DATABASE_URL;
    const redisUrl = process.env.COIN_TEST_REDIS_URL;
    if (!brokers || !databaseUrl || !redisUrl)
        throw new Error('test infrastructure not set up: run through jest (global-setup)');
    return { kafkaBrokers: brokers.split(','), databaseUrl, redisUrl };
}
/**
 * A prefix unique to this run and this call: topics and schemas of one test file never meet
 * another's, and nothing needs dropping or restarting between runs.
 */
function uniquePrefix() {
    const run = process.env.COIN_TEST_RUN_ID ?? `t${Date.now().toString(36)}`;
    return `${run}_${(0, node_crypto_1.randomBytes)(3).toString('hex')}_`;
}
//# sourceMappingURL=env.js.map