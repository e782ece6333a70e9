import { createTreeSitterSourceParser } from '../../ir/index.js';
import type { CandidateApplier } from './candidate-applier.js';
import { createIrFunctionTools } from './ir-function-replacer.js';
import { SourceCandidateApplier } from './source-candidate-applier.js';

/** The production applier: loads the tree-sitter parser once, then applies candidates synchronously. */
export async function createIrCandidateApplier(file: string): Promise<CandidateApplier> {
  const tools = createIrFunctionTools(await createTreeSitterSourceParser(), file);
  return new SourceCandidateApplier(tools.replaceFunctions, tools.splitSnippet);
}
