import { TOKEN_KIND } from '../../core/source-parser.js';

/** The part of a tree-sitter Language the categorization reads. */
export interface NodeTypeTable {
  readonly nodeTypeCount: number;
  nodeTypeForId(typeId: number): string | null;
  nodeTypeIsNamed(typeId: number): boolean;
}

/** Marks node types whose whole subtree is one token (literals, comments): the walk does not descend into them. */
export const ATOMIC_FLAG = 0x80;
/** Marks node types that never have children (anonymous tokens, identifiers): the walk skips asking for a first child. */
export const LEAF_FLAG = 0x40;
/** Marks anonymous node types, whose text is their type name (checked against the source before it is trusted). */
export const FIXED_TEXT_FLAG = 0x20;
export const CATEGORY_FLAGS = ATOMIC_FLAG | LEAF_FLAG | FIXED_TEXT_FLAG;

/** Node categories per type id plus the type names, for the tree walk. */
export interface NodeCategories {
  /** Per type id: the TOKEN_KIND a leaf of this type becomes, with ATOMIC_FLAG for literal and comment subtrees and LEAF_FLAG for types that never have children. */
  kinds: Uint8Array;
  names: string[];
}

const ATOMIC_LITERALS = new Set(['string_literal', 'raw_string_literal', 'char_literal', 'integer_literal', 'float_literal']);
const ATOMIC_COMMENTS = new Set(['line_comment', 'block_comment', 'shebang']);
const WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Named node types of tree-sitter-rust 0.24 that are always leaves (no anonymous children either). */
const NAMED_LEAVES = new Set(['identifier', 'type_identifier', 'field_identifier', 'shorthand_field_identifier', 'primitive_type', 'self', 'super', 'crate', 'metavariable']);

export function categorizeNodeTypes(table: NodeTypeTable): NodeCategories {
  const kinds = new Uint8Array(table.nodeTypeCount + 1);
  const names: string[] = [];
  for (let id = 0; id < table.nodeTypeCount; id++) {
    const type = table.nodeTypeForId(id) ?? '';
    names.push(type);
    kinds[id] = categorize(type, table.nodeTypeIsNamed(id));
  }
  return { kinds, names };
}

function categorize(type: string, named: boolean): number {
  if (named) {
    if (ATOMIC_LITERALS.has(type)) return TOKEN_KIND.literal | ATOMIC_FLAG;
    if (ATOMIC_COMMENTS.has(type)) return TOKEN_KIND.comment | ATOMIC_FLAG;
    return NAMED_LEAVES.has(type) ? TOKEN_KIND.word | LEAF_FLAG : TOKEN_KIND.word;
  }
  // Anonymous nodes are the grammar's literal tokens: never any children.
  const flags = LEAF_FLAG | (type === '' ? 0 : FIXED_TEXT_FLAG);
  if (type === '(' || type === '[' || type === '{') return TOKEN_KIND.open | flags;
  if (type === ')' || type === ']' || type === '}') return TOKEN_KIND.close | flags;
  return (WORD.test(type) ? TOKEN_KIND.word : TOKEN_KIND.punctuation) | flags;
}
