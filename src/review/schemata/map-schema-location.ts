import type { SchemaSite, SchemaSwitch } from './write-mutant-schema.js';

/**
 * The offset in `site`'s mutant file of a schema file offset, or null when it has none (inside
 * another mutant's branch or the original's branch of a switch, or in the switch's own code).
 * Inside the mutant's branch the text is the mutant's from the region's start; elsewhere it is the
 * original's, shifted by the switches before it, then by the mutant's edit when past it.
 */
export function mapSchemaOffset(offset: number, site: SchemaSite, switches: readonly SchemaSwitch[]): number | null {
  if (site.branchStart <= offset && offset <= site.branchEnd) return site.regionStart + (offset - site.branchStart);
  let shift = 0;
  for (const entry of switches) {
    if (offset < entry.schemaStart) break;
    if (offset < entry.schemaEnd) return null;
    shift += entry.schemaEnd - entry.schemaStart - (entry.originalEnd - entry.originalStart);
  }
  const original = offset - shift;
  if (original < site.edit.start) return original;
  if (original >= site.edit.end) return original + site.edit.replacement.length - (site.edit.end - site.edit.start);
  return null;
}
