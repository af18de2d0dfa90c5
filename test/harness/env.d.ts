export interface TestInfra {
    kafkaBrokers: string[];
    databaseUrl: string;
    redisUrl: string;
}
/** The infrastructure chosen by global-setup for this run. */
export declare function testInfra(): TestInfra;
/**
 * A prefix unique to this run and this call: topics and schemas of one test file never meet
 * another's, and nothing needs dropping or restarting between runs.
 */
export declare function uniquePrefix(): string;
//# sourceMappingURL=env.d.ts.map