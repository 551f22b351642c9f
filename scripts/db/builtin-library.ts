// Writes Pulsewell's built-in library (lib/library/builtin) into "BuiltinContent" as the owner (the
// application role may only read it): upserts every item, deletes rows whose id is gone. One
// transaction of two statements; rows whose text is unchanged are not rewritten. Idempotent.
import pg from "pg";
import { BUILTIN_LIBRARY, builtinMarkdown } from "@/lib/library/builtin";

export async function syncBuiltinLibrary(ownerUrl: string): Promise<{ upserted: number; deleted: number }> {
  // Ids are unique by contract (tests/unit/builtin-library.test.ts); a duplicate must not stop the
  // start, so the first item of an id wins and the rest are reported.
  const seen = new Set<string>();
  const unique = BUILTIN_LIBRARY.filter((item) => {
    if (seen.has(item.id)) {
      console.warn(`Built-in library: duplicate id ${item.id} skipped`);
      return false;
    }
    seen.add(item.id);
    return true;
  });
  const rows = unique.map((item) => ({
    id: item.id,
    title: item.title,
    content: builtinMarkdown(item),
    contentType: item.contentType,
    category: item.category,
    tags: item.tags,
    priority: item.priority,
  }));
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    const upserted = await client.query(
      `INSERT INTO "BuiltinContent" (id, title, content, "contentType", category, tags, priority)
       SELECT x.id, x.title, x.content, x."contentType", x.category, x.tags, x.priority
         FROM json_to_recordset($1::json) AS x(id text, title text, content text, "contentType" "ContentType", category "ContentCategory", tags text[], priority int)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content, "contentType" = EXCLUDED."contentType",
         category = EXCLUDED.category, tags = EXCLUDED.tags, priority = EXCLUDED.priority
       WHERE ("BuiltinContent".title, "BuiltinContent".content, "BuiltinContent"."contentType", "BuiltinContent".category, "BuiltinContent".tags, "BuiltinContent".priority)
         IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.content, EXCLUDED."contentType", EXCLUDED.category, EXCLUDED.tags, EXCLUDED.priority)`,
      [JSON.stringify(rows)],
    );
    const deleted = await client.query(`DELETE FROM "BuiltinContent" WHERE NOT (id = ANY($1::text[]))`, [
      rows.map((r) => r.id),
    ]);
    await client.query("COMMIT");
    return { upserted: upserted.rowCount ?? 0, deleted: deleted.rowCount ?? 0 };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
