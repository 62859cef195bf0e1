// Errors of the `quire` command: a usage error exits with 2, any other with 1.
export class UsageError extends Error {}
