// Structured logs: one JSON object per line on stdout/stderr, so any log collector can index them.
type Level = "debug" | "info" | "warn" | "error";
type Fields = Record<string, unknown>;

function write(level: Level, msg: string, fields: Fields = {}): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields }, (_k, v: unknown) =>
    v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
  );
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else if (level !== "debug" || process.env.LOG_LEVEL === "debug") process.stdout.write(line + "\n");
}

export const log = {
  debug: (msg: string, fields?: Fields) => write("debug", msg, fields),
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
