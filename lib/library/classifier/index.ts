export { analyzeContent, contentTypeOf, priorityOf, tagsOf, titleOf } from "./analyze-offline";
export { contentAnalysisSchema } from "./schemas";
