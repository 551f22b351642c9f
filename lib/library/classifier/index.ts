export { analyzeContent, categoryOf, contentTypeOf, priorityOf, tagsOf, titleOf } from "./analyze-offline";
export { contentAnalysisSchema, categorizeBodySchema, type ContentAnalysis } from "./schemas";
