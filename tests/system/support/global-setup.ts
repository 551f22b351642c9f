import { ensureBuild } from "./build";

/** Once per `npm run test:system`: the production build every test file's processes serve. */
export function setup(): void {
  ensureBuild();
}
