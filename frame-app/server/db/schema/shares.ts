import { sql } from 'drizzle-orm'
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { RecoveryMode } from './projects.ts'
import { devices, users, wallets } from './users.ts'

/**
 * auth_d: the server half of a device's 2-of-2 split, envelope-encrypted under the KEK (which is not in the
 * database). Deleting the device's row (revocation) deletes this share.
 */
export const authShares = pgTable('auth_shares', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  walletId: uuid('wallet_id')
    .notNull()
    .references(() => wallets.id, { onDelete: 'cascade' }),
  /** `envelope.ts` format; AAD binds it to this wallet and device. */
  ciphertext: text('ciphertext').notNull(),
  kekId: text('kek_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

/**
 * The recovery set (recovery, auth_r), one per user.
 * - `passphrase`: `recovery` is the frame's blob, encrypted in the frame under the user's passphrase; the
 *   server stores it as it came and cannot open it.
 * - `operator`: `recovery` is the recovery share envelope-encrypted under OPERATOR_RECOVERY_KEY (`keyId`),
 *   a key kept apart from the KEK.
 * In both modes `authCiphertext` is auth_r under the KEK.
 */
export const recoveryShares = pgTable(
  'recovery_shares',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<RecoveryMode>().notNull(),
    ciphertext: text('ciphertext').notNull(),
    /** The operator recovery key's id (operator mode); null in passphrase mode. */
    keyId: text('key_id'),
    authCiphertext: text('auth_ciphertext').notNull(),
    kekId: text('kek_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('recovery_shares_mode', sql`${t.mode} in ('passphrase', 'operator')`),
    check('recovery_shares_key_id', sql`(${t.mode} = 'operator') = (${t.keyId} is not null)`),
  ],
)
