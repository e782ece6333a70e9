import { readFileSync } from 'node:fs';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';

// ajv-draft-04 is CommonJS: its default export arrives as the module object under NodeNext.
const Ajv = ((AjvDraft04 as unknown as { default?: typeof AjvDraft04 }).default ?? AjvDraft04) as unknown as new (options: object) => { compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown } };

/** The official SARIF 2.1.0 schema, shipped in the @microsoft/jest-sarif package. */
const SARIF_SCHEMA = JSON.parse(readFileSync(path.resolve('node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;

/**
 * A validator of SARIF 2.1.0 documents. unicodeRegExp is off because the official schema's `language`
 * pattern is not a valid /u regex; URI formats are not checked (no ajv-formats).
 */
export function compileSarifSchema(): ((data: unknown) => boolean) & { errors?: unknown } {
  return new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false, logger: false }).compile(SARIF_SCHEMA);
}
