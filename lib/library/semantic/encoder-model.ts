// The sentence encoder's identity, importable without starting it (scripts, tests, the client-free
// section code).
export const EMBEDDING_DIMS = 512;
/** Names the model in every stored hash: a different model's vectors are never compared with these. */
export const EMBEDDING_MODEL = "use-lite-512";
