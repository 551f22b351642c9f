import type { ReactNode } from "react";

// A static HTML renderer for the mail layout's element tree (react-email's components are plain
// function and forwardRef components without hooks or effects). Not react-dom/server: the app's
// server code (route handlers, server actions) and the worker and seed scripts run under React's
// "react-server" condition, where react-dom/server, and so @react-email/render, refuse to load.
// It renders what renderToStaticMarkup would for such a tree: text and attribute values escaped,
// style objects as CSS, void elements self-closed, and refuses raw HTML (dangerouslySetInnerHTML).

const ELEMENT = new Set([Symbol.for("react.transitional.element"), Symbol.for("react.element")]);
const FRAGMENT = Symbol.for("react.fragment");
const FORWARD_REF = Symbol.for("react.forward_ref");
const MEMO = Symbol.for("react.memo");

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const ATTRIBUTE_NAMES: Record<string, string> = {
  className: "class",
  htmlFor: "for",
  httpEquiv: "http-equiv",
  acceptCharset: "accept-charset",
};
// CSS properties whose numbers carry no unit (the ones a mail layout uses; React's list is longer).
const UNITLESS = new Set(["opacity", "lineHeight", "fontWeight", "zIndex", "flex", "flexGrow", "flexShrink", "order"]);

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

type Element = { $$typeof: symbol; type: unknown; props: Record<string, unknown> };
type Component = (props: Record<string, unknown>) => ReactNode;

const isElement = (node: unknown): node is Element =>
  typeof node === "object" && node !== null && ELEMENT.has((node as { $$typeof?: symbol }).$$typeof as symbol);

function cssOf(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, v]) => v !== undefined && v !== null && v !== "" && typeof v !== "boolean")
    .map(([k, v]) => {
      const name = k.startsWith("--") ? k : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const value = typeof v === "number" && v !== 0 && !UNITLESS.has(k) ? `${v}px` : String(v).trim();
      return `${name}:${value}`;
    })
    .join(";");
}

// Attributes a mail client follows or loads. Templates only ever link to addresses they build, but
// a scheme other than these (javascript:, data:) would run or embed something: refused outright.
const URL_ATTRIBUTES = new Set(["href", "src"]);
// A slot of personalise() (lib/mail/templates/render.tsx) stands for a link the message built,
// filled in per person after rendering.
const SAFE_URL = /^(https?:|mailto:|PWSLOT[A-Za-z]+XSLOT$)/i;

function attributesOf(props: Record<string, unknown>): string {
  let out = "";
  for (const [key, value] of Object.entries(props)) {
    if (key === "children" || key === "ref" || key === "key") continue;
    if (key === "dangerouslySetInnerHTML") throw new Error("Mail templates never set raw HTML");
    if (value === undefined || value === null || value === false || typeof value === "function") continue;
    const name = ATTRIBUTE_NAMES[key] ?? key;
    if (URL_ATTRIBUTES.has(name) && !SAFE_URL.test(String(value).trim()))
      throw new Error(`Mail templates link to http(s) and mailto addresses only (${name})`);
    if (key === "style") {
      const css = cssOf(value as Record<string, unknown>);
      if (css) out += ` style="${escape(css)}"`;
    } else out += value === true ? ` ${name}=""` : ` ${name}="${escape(String(value))}"`;
  }
  return out;
}

function renderNode(node: unknown): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string") return escape(node);
  if (typeof node === "number" || typeof node === "bigint") return String(node);
  if (Array.isArray(node)) return node.map(renderNode).join("");
  if (!isElement(node)) throw new Error("Mail templates render elements, text and arrays only");
  const { type, props } = node;
  if (type === FRAGMENT) return renderNode(props.children);
  if (typeof type === "string") {
    const open = `<${type}${attributesOf(props)}`;
    return VOID.has(type) ? `${open}/>` : `${open}>${renderNode(props.children)}</${type}>`;
  }
  if (typeof type === "function") return renderNode((type as Component)(props));
  const tagged = type as { $$typeof?: symbol; render?: Component; type?: unknown };
  if (tagged.$$typeof === FORWARD_REF && tagged.render) return renderNode(tagged.render(props));
  if (tagged.$$typeof === MEMO) return renderNode({ ...node, type: tagged.type });
  throw new Error("Mail templates use plain components only (no context, suspense or lazy)");
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** A mail document (an <Html> tree) as its HTML source, with the XHTML doctype mail clients expect. */
export function toHtml(tree: ReactNode): string {
  return DOCTYPE + renderNode(tree);
}
