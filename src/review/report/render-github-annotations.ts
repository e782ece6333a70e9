import type { ReviewFinding } from '../baseline/review-finding.js';

/**
 * `--annotations github`: one `::warning` workflow command per finding, at its file (relative to
 * the repository: `pathPrefix` is where the crate sits) and line. Values are escaped by GitHub's
 * rules for workflow commands: `%`, CR and LF in the message; those and `:` and `,` in properties.
 */
export function renderGithubAnnotations(findings: readonly ReviewFinding[], pathPrefix: string): string {
  return findings
    .map((finding) => {
      const file = pathPrefix === '' ? finding.file : `${pathPrefix}/${finding.file}`;
      const properties = [`file=${escapeProperty(file)}`, `line=${finding.line}`, `col=${finding.column}`, `title=${escapeProperty(`verus-repair review: ${finding.kind}`)}`];
      return `::warning ${properties.join(',')}::${escapeData(finding.message)}\n`;
    })
    .join('');
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
