import type { JsonRecord } from './json-fields.js';

/** An `--output-json` document and the package cargo printed it for (null: nothing said which). */
export interface AttributedDocument {
  document: JsonRecord;
  packageId: string | null;
}

/**
 * Follows a cargo `--message-format=json` stream to tell which package printed each results
 * document. Each unit's `verus` wrapper prints its document on stdout, which cargo passes through
 * (C core/compiler/mod.rs:2065-2073); cargo prints a unit's `compiler-artifact` line after the
 * unit's output, and only when it succeeded (mod.rs:213-237, 634-725). So a document belongs to
 * the unit whose artifact follows it; one with no artifact after it (a failed unit) belongs to the
 * package of the diagnostics printed since the last artifact, if any.
 */
export class DocumentAttribution {
  readonly documents: AttributedDocument[] = [];
  private pending: JsonRecord[] = [];
  private messagePackage: string | null = null;

  document(document: JsonRecord): void {
    this.pending.push(document);
  }

  message(packageId: string | null): void {
    if (packageId !== null) this.messagePackage = packageId;
  }

  artifact(packageId: string): void {
    this.assign(packageId);
    this.messagePackage = null;
  }

  /** Attributes what is left at the end of the stream; returns every document in printed order. */
  finish(): AttributedDocument[] {
    this.assign(this.messagePackage);
    return this.documents;
  }

  private assign(packageId: string | null): void {
    for (const document of this.pending) this.documents.push({ document, packageId });
    this.pending = [];
  }
}
