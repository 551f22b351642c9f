import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { analyzeWithModel, classifierAiConfig, type ClassifierAiConfig } from "./ai";
import type { ContentAnalysis } from "./schemas";

/** Auto-analysis for the content library's add form (admins: library.manage). Reads and writes
 * nothing; the model when configured, else the offline classifier. */
export async function analyzeForAdmin(
  ctx: AuthContext,
  content: string,
  config: ClassifierAiConfig | null = classifierAiConfig(),
): Promise<ContentAnalysis> {
  requirePermission(ctx, "library.manage");
  const { title, contentType, category, tags, priority } = await analyzeWithModel(content, config);
  return { title, contentType, category, tags, priority };
}
