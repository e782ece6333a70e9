import { assertNever } from '../../core/assert-never.js';
import { DocumentAttribution, type AttributedDocument } from './attribute-documents.js';
import type { DiagnosticDraft } from '../classify/create-diagnostic.js';
import { extractJsonBlocks } from './extract-json-blocks.js';
import { parseHumanDiagnostics } from '../human/parse-human-diagnostics.js';
import { readJsonValue } from './read-json-value.js';
import { splitOutputLines } from './split-output-lines.js';

/** Everything found in one printed stream, before the streams are merged into a report. */
export interface StreamReading {
  jsonDrafts: DiagnosticDraft[];
  humanDrafts: DiagnosticDraft[];
  summaries: Array<{ verified: number; errors: number }>;
  /** `--output-json` documents in printed order, each with the cargo package that printed it when known. */
  documents: AttributedDocument[];
  unparsedLineCount: number;
}

/** Reads one stream: JSON values first, then the remaining lines as human-rendered text. */
export function readOutputStream(stream: string): StreamReading {
  const lines = splitOutputLines(stream);
  const reading: StreamReading = { jsonDrafts: [], humanDrafts: [], summaries: [], documents: [], unparsedLineCount: 0 };
  const attribution = new DocumentAttribution();
  const consumed = extractJsonBlocks(lines, (block) => {
    const value = readJsonValue(block.value);
    switch (value.kind) {
      case 'diagnostic':
        reading.jsonDrafts.push(value.draft);
        attribution.message(value.packageId);
        break;
      case 'output-json':
        attribution.document(value.document);
        break;
      case 'cargo-artifact':
        attribution.artifact(value.packageId);
        break;
      case 'ignored':
        break;
      case 'unrecognised':
        reading.unparsedLineCount += block.lastLine - block.firstLine + 1;
        break;
      default:
        assertNever(value, 'JSON value reading');
    }
  });
  reading.documents = attribution.finish();
  const textLines: string[] = [];
  lines.forEach((line, index) => {
    if (line.oversized) reading.unparsedLineCount += 1;
    else if (consumed[index] !== 1) textLines.push(line.text);
  });
  const human = parseHumanDiagnostics(textLines);
  reading.humanDrafts = human.drafts;
  reading.summaries = human.summaries;
  reading.unparsedLineCount += human.unparsedLineCount;
  return reading;
}
