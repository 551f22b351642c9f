// An ESLint rule for the error contract: a client decides what a failed call means by the
// problem's stable `code` (lib/errors/codes.ts, read with problemOf() from lib/api/client.ts),
// never by the HTTP status or the message text. Statuses are coarse (a 403 is "this role may not"
// as much as "only the meeting's manager may") and messages are the product's voice, reworded at
// will; a branch on either breaks silently when they change.

const STATUS_NAMES = new Set(["status", "httpStatus"]);
// Names under which a failure's text travels (an Error's message, a problem's detail, a body).
const TEXT_NAMES = new Set(["message", "serverMessage", "detail", "error", "errorMessage", "errorText", "bodyText"]);
const TEXT_METHODS = new Set(["includes", "startsWith", "endsWith", "match", "matchAll", "search", "indexOf"]);
const COMPARISONS = new Set(["==", "===", "!=", "!==", "<", "<=", ">", ">="]);

const unwrap = (node) =>
  node && (node.type === "ChainExpression" || node.type === "TSNonNullExpression") ? unwrap(node.expression) : node;

const propertyName = (node) => {
  const n = unwrap(node);
  return n?.type === "MemberExpression" && !n.computed && n.property.type === "Identifier" ? n.property.name : null;
};

/** `x.status` or `x?.httpStatus`. */
const isStatus = (node) => STATUS_NAMES.has(propertyName(node) ?? "");

/** An HTTP status as a literal: 100 to 599. */
const isHttpStatus = (node) =>
  node?.type === "Literal" && typeof node.value === "number" && node.value >= 100 && node.value <= 599;

/** `message`, `err.message`, `problem?.detail`, ... */
const isText = (node) => {
  const n = unwrap(node);
  if (n?.type === "Identifier") return TEXT_NAMES.has(n.name);
  return TEXT_NAMES.has(propertyName(n) ?? "");
};

const isStringLiteral = (node) =>
  (node?.type === "Literal" && typeof node.value === "string") || node?.type === "TemplateLiteral";

const isRegex = (node) => node?.type === "Literal" && Boolean(node.regex);

const STATUS_MESSAGE = "Decide by the problem's code (problemOf(err)?.code), not the HTTP status.";
const TEXT_MESSAGE = "Decide by the problem's code (problemOf(err)?.code), not the message text.";

const decideByCode = {
  meta: {
    type: "problem",
    docs: { description: "Clients decide by an error's code, never by its HTTP status or message text." },
    schema: [],
    messages: { status: STATUS_MESSAGE, text: TEXT_MESSAGE },
  },
  create(context) {
    return {
      BinaryExpression(node) {
        if (!COMPARISONS.has(node.operator)) return;
        const [a, b] = [node.left, node.right];
        if ((isStatus(a) && isHttpStatus(b)) || (isStatus(b) && isHttpStatus(a))) {
          context.report({ node, messageId: "status" });
        } else if ((isText(a) && isStringLiteral(b)) || (isText(b) && isStringLiteral(a))) {
          context.report({ node, messageId: "text" });
        }
      },
      SwitchStatement(node) {
        if (isStatus(node.discriminant) && node.cases.some((c) => isHttpStatus(c.test))) {
          context.report({ node: node.discriminant, messageId: "status" });
        } else if (isText(node.discriminant) && node.cases.some((c) => isStringLiteral(c.test))) {
          context.report({ node: node.discriminant, messageId: "text" });
        }
      },
      CallExpression(node) {
        const callee = unwrap(node.callee);
        if (callee?.type !== "MemberExpression" || callee.computed) return;
        const method = callee.property.name;
        // /access denied/i.test(message), /.../.exec(err.message)
        if ((method === "test" || method === "exec") && isRegex(callee.object) && isText(node.arguments[0])) {
          context.report({ node, messageId: "text" });
          // message.includes("denied"), err.message.match(/denied/)
        } else if (TEXT_METHODS.has(method) && isText(callee.object)) {
          context.report({ node, messageId: "text" });
        }
      },
    };
  },
};

const plugin = { meta: { name: "error-contract" }, rules: { "decide-by-code": decideByCode } };
export default plugin;
