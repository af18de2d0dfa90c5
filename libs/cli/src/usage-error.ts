/** A wrong command line or environment: printed with the usage, exit status 2. */
export class UsageError extends Error {}
