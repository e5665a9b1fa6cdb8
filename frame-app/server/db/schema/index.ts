/**
 * The database schema: drizzle-kit's entry point (`drizzle.config.ts`) and the relational schema of `createDatabase`.
 * @module
 */
export * from './auth.ts'
export * from './deviceNonces.ts'
export * from './farcaster.ts'
export * from './limits.ts'
export * from './projects.ts'
export * from './shares.ts'
export * from './social.ts'
export * from './tokens.ts'
export * from './users.ts'
