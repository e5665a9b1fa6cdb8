/**
 * Statements run as named prepared statements, for the hot paths where drizzle's per-run rendering and the
 * server's parse and plan cost more than the statement itself.
 * @module
 */
import { Placeholder, type Query, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core'

const dialect = new PgDialect()

/** What of a drizzle database (or transaction, over either driver) running a prepared statement needs. */
type Preparer = {
  _: {
    session: {
      prepareQuery(
        query: Query,
        fields: undefined,
        name: string,
        isResponseInArrayMode: boolean,
      ): { execute(): Promise<unknown> }
    }
  }
}

/** The text and parameters of a drizzle statement, rendered as the drivers here render it. */
export function renderQuery(statement: SQL): Query {
  return dialect.sqlToQuery(statement)
}

/** A column's bare name (`"email"`, not `"users"."email"`), for the target lists of raw statements. */
export function columnName(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(column.name)}`
}

/** A value bound to a compiled statement (node-postgres and PGlite both send these as text parameters). */
export type StatementValue = string | number | boolean | null

/** Names taken by compiled statements, with their text: one name, one text. */
const statementTexts = new Map<string, string>()

/**
 * Runs `query` as a named prepared statement: on PostgreSQL it is parsed once per pooled connection and its
 * plan reused, which saves most of the server's work for the short statements of the login path (parse and
 * plan cost more than running them). PGlite runs it as it would any query. Rows come back as the drivers
 * give them to drizzle (timestamps as text). Note for deployments behind PgBouncer: transaction pooling
 * needs PgBouncer ≥ 1.21 with `max_prepared_statements` set.
 */
export async function runNamed<Row>(db: Preparer, name: string, query: Query): Promise<Row[]> {
  const known = statementTexts.get(name)
  if (known === undefined) statementTexts.set(name, query.sql)
  else if (known !== query.sql) throw new Error(`Statement name ${name} is taken by another text`)
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute()
  return (result as { rows: Row[] }).rows
}

/**
 * A statement rendered once and run as a named prepared statement (`runNamed`). Drizzle renders a statement
 * on every run, which costs 50–300 µs of CPU for each statement on the login path; a compiled one only binds
 * its values. Write `p.<name>` wherever a value goes (a literal value in `build` throws: it would be baked
 * into the text).
 * @example
 * const markUsed = compileStatement('mark_used', ['id', 'at'], (p) =>
 *   sql`update ${otpChallenges} set used_at = ${p.at}::timestamptz where id = ${p.id}::uuid`)
 * await markUsed(tx, { id, at: now.toISOString() })
 */
export function compileStatement<K extends string>(
  name: string,
  names: readonly K[],
  build: (p: Record<K, Placeholder<K>>) => SQL,
): <Row = Record<string, unknown>>(db: Preparer, values: Record<K, StatementValue>) => Promise<Row[]> {
  const placeholders = Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])) as Record<
    K,
    Placeholder<K>
  >
  const query = renderQuery(build(placeholders))
  const order = query.params.map((param) => {
    if (!(param instanceof Placeholder))
      throw new Error(`Statement ${name}: every value must be a placeholder`)
    return param.name as K
  })
  const statementName = `keyframe_${name}`
  return (db, values) => {
    const params = order.map((key) => {
      const value = values[key]
      if (value === undefined) throw new Error(`Statement ${name}: no value for ${key}`)
      return value
    })
    return runNamed(db, statementName, { sql: query.sql, params })
  }
}
