import type { FunctionOwner } from '../function-item.js';

/** Where items are being parsed: inside `verus!` or not, in which inline modules, in which impl/trait. */
export interface ItemScope {
  insideVerus: boolean;
  modulePath: string[];
  owner: FunctionOwner | null;
  /** Prepended to function names for `qualifiedName`: `inner::Counter::`. */
  namePrefix: string;
}

export const FILE_SCOPE: ItemScope = { insideVerus: false, modulePath: [], owner: null, namePrefix: '' };
