// A check for SQL that would leak through PgBouncer in transaction mode. There, each transaction
// may run on a different server connection, shared with every other client: whatever outlives a
// transaction (a session-level setting, a session advisory lock, a LISTEN, a prepared statement, a
// temporary table, a held cursor) is left behind for whoever gets that connection next, or is
// missing on the one this client gets. Transaction-local forms are safe: SET LOCAL,
// set_config(..., true), SET TRANSACTION, pg_advisory_xact_lock, ON COMMIT DROP.
//
// SQL is found in .sql files (all of it, comments left out) and, in TypeScript and JavaScript, in
// the string and template literals that carry SQL: a tagged template ($queryRaw`...`, sql`...`), an
// argument of .query() / $queryRawUnsafe() / $executeRawUnsafe(), or a literal that starts with an
// upper-case SQL keyword; all of SQL's rules apply to these. Every other literal may still be SQL
// kept in a variable (lower-case, or put together with +, which is folded first): it is searched,
// case-insensitively, for the forms that prose never takes (set_config( without a literal true,
// pg_advisory_lock(, a statement `set <name> = ...` or `set <name_with_underscore_or.dot> to <value>`,
// SET ROLE / SESSION AUTHORIZATION, `listen <channel>` alone, `prepare <name> (...) / AS`). And an
// object literal of node-postgres's query config with both `name` and `text` is a named query: a
// prepared statement on its server connection, wherever the object is passed from.
// Prose ("Listen without judgement", "Prepare the agenda", "Set two to four goals") is none of these.
import ts from "typescript";

export type Finding = { rule: Rule; line: number; text: string };
export type Rule =
  | "session SET"
  | "set_config not local"
  | "session advisory lock"
  | "LISTEN"
  | "PREPARE"
  | "named prepared statement"
  | "temporary table"
  | "cursor WITH HOLD";

// Where a statement starts: the start of the text, after a semicolon, or after the keywords that
// open a statement inside a PL/pgSQL body. A SET elsewhere is a clause (UPDATE ... SET, ALTER ROLE
// ... SET, CREATE FUNCTION ... SET search_path = ..., which holds only while the function runs).
// The words that follow SET in a clause of ALTER TABLE or a foreign key's action (ON DELETE SET NULL),
// which a literal may hold alone, are not settings either.
const SESSION_SET =
  /(?:^|;|\bBEGIN\b|\bTHEN\b|\bELSE\b|\bLOOP\b)\s*SET\s+(?!(?:LOCAL|TRANSACTION|CONSTRAINTS|NULL|NOT|DEFAULT|DATA|TABLESPACE|STATISTICS|STORAGE|WITHOUT|LOGGED|UNLOGGED|ACCESS)\b)/gi;
const SET_CONFIG = /\bset_config\s*\(/gi;
const SESSION_LOCK = /\bpg_(?:try_)?advisory_lock(?:_shared)?\s*\(/gi;
const LISTEN = /(?:^|[;\s(])LISTEN\s+["\w]/gi;
const PREPARE = /\bPREPARE\s+["\w]+\s*(?:\(|AS\b)/gi;
const TEMP_TABLE = /\b(?:CREATE\s+(?:GLOBAL\s+|LOCAL\s+)?TEMP(?:ORARY)?\s+TABLE|INTO\s+TEMP(?:ORARY)?)\b[^;]*/gi;
const WITH_HOLD = /\bWITH\s+HOLD\b/gi;

/**
 * The SQL text with comments removed and the contents of single-quoted strings emptied (their text
 * is data, not statements); dollar-quoted bodies (functions, DO blocks) are kept as code, their
 * opening read as the start of a statement.
 */
function sqlCode(sql: string): string {
  let out = "";
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    if (rest.startsWith("--")) {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end;
      out += " ";
    } else if (rest.startsWith("/*")) {
      const end = sql.indexOf("*/", i + 2);
      const next = end < 0 ? sql.length : end + 2;
      out += ` ${"\n".repeat((sql.slice(i, next).match(/\n/g) ?? []).length)}`;
      i = next;
    } else if (sql[i] === "'") {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === "'" && sql[j + 1] !== "'")) j += sql[j] === "'" ? 2 : 1;
      // Keep the line count: findings name lines.
      out += `''${"\n".repeat((sql.slice(i, j + 1).match(/\n/g) ?? []).length)}`;
      i = j + 1;
    } else {
      const tag = /^\$[A-Za-z_]*\$/.exec(rest)?.[0];
      if (tag) {
        // The body is code: its first statement starts here. Its end is not a statement start (a
        // SET clause may follow it in CREATE FUNCTION).
        const end = sql.indexOf(tag, i + tag.length);
        const body = end < 0 ? sql.slice(i + tag.length) : sql.slice(i + tag.length, end);
        out += `;${body} `;
        i = end < 0 ? sql.length : end + tag.length;
      } else {
        out += sql[i];
        i += 1;
      }
    }
  }
  return out;
}

/** The top-level arguments of the call whose "(" is at `open`. */
function callArguments(code: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (c === "(") {
      depth += 1;
      if (depth === 1) continue;
    } else if (c === ")") {
      depth -= 1;
      if (depth === 0) break;
    } else if (c === "," && depth === 1) {
      args.push(current.trim());
      current = "";
      continue;
    }
    current += c;
  }
  args.push(current.trim());
  return args;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** Every pooler-unsafe construct in a piece of SQL; `firstLine` is the line the SQL starts on. */
export function checkSql(sql: string, firstLine = 1): Finding[] {
  const code = sqlCode(sql);
  const findings: Finding[] = [];
  const add = (rule: Rule, index: number, text: string) =>
    findings.push({ rule, line: firstLine + lineAt(code, index) - 1, text: text.trim().slice(0, 120) });
  for (const m of code.matchAll(SESSION_SET)) {
    // Where the word SET itself is, not the semicolon or keyword before it.
    const at = m.index + m[0].search(/SET\s+$/i);
    add("session SET", at, code.slice(at, at + 60));
  }
  for (const m of code.matchAll(SET_CONFIG)) {
    const args = callArguments(code, m.index + m[0].length - 1);
    // Only a literal true makes the setting end with the transaction; false, a parameter or a
    // missing argument cannot be shown to.
    if (args.length !== 3 || args[2]!.toLowerCase() !== "true")
      add("set_config not local", m.index, `set_config(${args.join(", ")})`);
  }
  for (const m of code.matchAll(SESSION_LOCK)) add("session advisory lock", m.index, m[0]);
  for (const m of code.matchAll(LISTEN)) add("LISTEN", m.index, m[0]);
  for (const m of code.matchAll(PREPARE)) add("PREPARE", m.index, m[0]);
  for (const m of code.matchAll(TEMP_TABLE))
    if (!/\bON\s+COMMIT\s+DROP\b/i.test(m[0])) add("temporary table", m.index, m[0]);
  for (const m of code.matchAll(WITH_HOLD)) add("cursor WITH HOLD", m.index, m[0]);
  return findings.sort((a, b) => a.line - b.line);
}

// The forms of a literal outside SQL's places (see the top of the file).
const LOOSE_SET =
  /(?:^|;)\s*set\s+(?:session\s+)?(?!(?:local|transaction|constraints)\b)(?:role\s+[\w"'$]+\s*(?:;|$)|session\s+authorization\b|time\s+zone\s+['"\w$]+\s*(?:;|$)|[\w.$]+\s*=|[\w$]*[._][\w.$]*\s+to\s*(?:default\b|[\w.]+\s*(?:[;,]|$)|['"$\d])|[\w.$]+\s+to\s*['"$\d])/gim;
const LOOSE_LISTEN = /(?:^|;)\s*listen\s+"?\w+"?\s*(?:;|$)/gi;

/** The unsafe forms in a literal that is not in one of SQL's places. */
function checkLoose(text: string, firstLine = 1): Finding[] {
  const findings: Finding[] = [];
  const add = (rule: Rule, index: number, found: string) =>
    findings.push({ rule, line: firstLine + lineAt(text, index) - 1, text: found.trim().slice(0, 120) });
  for (const m of text.matchAll(SET_CONFIG)) {
    const args = callArguments(text, m.index + m[0].length - 1);
    if (args.length !== 3 || args[2]!.toLowerCase() !== "true")
      add("set_config not local", m.index, `set_config(${args.join(", ")})`);
  }
  for (const m of text.matchAll(LOOSE_SET)) add("session SET", m.index, m[0]);
  for (const m of text.matchAll(SESSION_LOCK)) add("session advisory lock", m.index, m[0]);
  for (const m of text.matchAll(LOOSE_LISTEN)) add("LISTEN", m.index, m[0]);
  for (const m of text.matchAll(PREPARE)) add("PREPARE", m.index, m[0]);
  return findings.sort((a, b) => a.line - b.line);
}

// The keys of node-postgres's query config (an object with other keys is something else that has a
// name and a text).
const QUERY_CONFIG = new Set(["name", "text", "values", "rowMode", "types", "queryMode"]);

// Calls whose string arguments are SQL.
const SQL_CALLS = new Set(["query", "$queryRawUnsafe", "$executeRawUnsafe", "raw", "unsafe"]);
// Tags of SQL templates: Prisma's $queryRaw / $executeRaw / Prisma.sql, and any sql`...`.
const SQL_TAG = /(?:\$queryRaw|\$executeRaw|\bsql|\bSql|\braw)$/;
// A literal that starts with an upper-case SQL keyword is SQL wherever it is.
const SQL_START =
  /^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|SET|RESET|LISTEN|UNLISTEN|NOTIFY|PREPARE|DEALLOCATE|EXECUTE|DO|BEGIN|COMMIT|ROLLBACK|GRANT|REVOKE|LOCK|TRUNCATE|COMMENT|DISCARD|DECLARE)\b/;
// A template's ${...}: a bound parameter in SQL.
const PARAM = "$1";

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => PARAM + s.literal.text).join("");
  return null;
}

const isConcat = (node: ts.Node): node is ts.BinaryExpression =>
  ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;

/** The text of a + chain with a literal in it ("SE" + "T " + name: "SET $1"), or null. */
function concatText(node: ts.Node): string | null {
  if (!isConcat(node)) return null;
  let literal = false;
  const fold = (n: ts.Node): string => {
    const inner = ts.isParenthesizedExpression(n) ? n.expression : n;
    if (isConcat(inner)) return fold(inner.left) + fold(inner.right);
    const text = literalText(inner);
    if (text === null) return PARAM;
    literal = true;
    return text;
  };
  const text = fold(node);
  return literal ? text : null;
}

/** Whether a literal or + chain is part of a larger + chain (checked there, whole). */
function insideConcat(node: ts.Node): boolean {
  let parent = node.parent;
  while (parent && ts.isParenthesizedExpression(parent)) parent = parent.parent;
  return parent !== undefined && isConcat(parent);
}

function calleeName(call: ts.CallExpression): string | null {
  const e = call.expression;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isIdentifier(e)) return e.text;
  return null;
}

function isSqlContext(node: ts.Node, text: string): boolean {
  const parent = node.parent;
  if (parent && ts.isTaggedTemplateExpression(parent) && SQL_TAG.test(parent.tag.getText())) return true;
  if (parent && ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
    const name = calleeName(parent);
    if (name && SQL_CALLS.has(name)) return true;
  }
  return SQL_START.test(text);
}

/** Every pooler-unsafe construct in a TypeScript or JavaScript source. */
export function checkScript(fileName: string, source: string): Finding[] {
  const kind = fileName.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : fileName.endsWith(".ts")
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const findings: Finding[] = [];
  const keyOf = (p: ts.ObjectLiteralElementLike): string | null =>
    p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;
  const visit = (node: ts.Node): void => {
    const text = insideConcat(node) ? null : (literalText(node) ?? concatText(node));
    if (text !== null) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      findings.push(...(isSqlContext(node, text) ? checkSql(text, line) : checkLoose(text, line)));
    }
    // node-postgres keeps a query with a `name` as a prepared statement on its connection: any
    // object shaped as its query config, wherever it is passed from.
    if (ts.isObjectLiteralExpression(node)) {
      const keys = node.properties.map(keyOf);
      if (keys.includes("name") && keys.includes("text") && keys.every((k) => k !== null && QUERY_CONFIG.has(k))) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        findings.push({ rule: "named prepared statement", line, text: node.getText(file).slice(0, 120) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

/** The findings of one file of the repository by its extension. */
export function checkFile(fileName: string, source: string): Finding[] {
  return fileName.endsWith(".sql") ? checkSql(source) : checkScript(fileName, source);
}
