/** .md and .txt files, several at once, read in the browser. */
export const IMPORT_ACCEPT = ".md,.markdown,.txt,text/plain,text/markdown";

export type PickedFile = { filename: string; content: string };

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsText(file);
  });
}

function isImportable(name: string): boolean {
  return /\.(md|markdown|txt)$/i.test(name);
}

/** The chosen files' text; files of another kind are named in `skipped`. */
export async function readFiles(files: readonly File[]): Promise<{ picked: PickedFile[]; skipped: string[] }> {
  const picked: PickedFile[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (!isImportable(file.name)) {
      skipped.push(file.name);
      continue;
    }
    picked.push({ filename: file.name, content: await readText(file) });
  }
  return { picked, skipped };
}
