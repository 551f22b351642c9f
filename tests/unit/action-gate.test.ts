import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

// scripts/action-gate.mjs is plain JavaScript (run by scripts/serve.mjs); loaded by URL so the
// type checker does not look for its declarations.
type Kind = { fetch: boolean; multipart: boolean; urlEncoded: boolean; contentType: string };
type Gate = { actionBodyRefusal(kind: Kind, body: Buffer): Promise<string | null> };
let gate: Gate;
beforeAll(async () => {
  gate = (await import(
    /* @vite-ignore */ pathToFileURL(path.join(import.meta.dirname, "../../scripts/action-gate.mjs")).href
  )) as Gate;
});

const BOUNDARY = "----gatetest";
const fetchKind: Kind = {
  fetch: true,
  multipart: true,
  urlEncoded: false,
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
};
const formKind: Kind = { ...fetchKind, fetch: false };

/** A multipart body; `disposition` is written after "form-data" as given. */
function multipart(parts: { disposition: string; value: string }[]): Buffer {
  return Buffer.from(
    parts.map((p) => `--${BOUNDARY}\r\nContent-Disposition: form-data${p.disposition}\r\n\r\n${p.value}\r\n`).join("") +
      `--${BOUNDARY}--\r\n`,
    "utf8",
  );
}
const reply = { disposition: '; name="0"', value: JSON.stringify([null, "$K1"]) };

describe("action gate: multipart fetch actions", () => {
  it("lets through what React's client writes (a FormData argument, a file, an empty filename)", async () => {
    const body = multipart([
      reply,
      { disposition: '; name="_1_email"', value: "someone@example.com" },
      { disposition: '; name="_1_avatar"; filename="a.txt"', value: "aaa" },
      { disposition: '; name="_1_note"; filename=""', value: "a\u0000b" },
    ]);
    expect(await gate.actionBodyRefusal(fetchKind, body)).toBeNull();
  });

  // busboy reports a part named "" (or not named) with the name undefined, and React's
  // decodeReplyFromBusboy then throws "Cannot read properties of undefined (reading 'startsWith')".
  it.each([
    ["an empty name", '; name=""'],
    ["an empty name and an empty filename", '; name=""; filename=""'],
    ["an empty name with a filename", '; name=""; filename="a.txt"'],
    ["no name", ""],
    ["no name with a filename", '; filename="a.txt"'],
  ])("refuses a part with %s", async (_label, disposition) => {
    const body = multipart([
      reply,
      { disposition: '; name="_1_email"; filename=""', value: "x" },
      { disposition, value: "v" },
    ]);
    expect(await gate.actionBodyRefusal(fetchKind, body)).toBe("The form data is malformed");
  });

  it("still lets a form posted without JavaScript carry an empty-named field (Next parses it with the fetch standard's parser)", async () => {
    const body = multipart([
      { disposition: '; name="$ACTION_ID_abc"', value: "" },
      { disposition: '; name=""', value: "v" },
    ]);
    expect(await gate.actionBodyRefusal(formKind, body)).toBeNull();
  });
});
