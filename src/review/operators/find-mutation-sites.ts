import { assertNever } from '../../core/assert-never.js';
import type { MutationOperator } from '../mutation-operator.js';
import type { MutationSite } from '../mutation-site.js';
import { findBinaryOperatorSites } from './binary-operator-sites.js';
import { findConstantSites } from './constant-sites.js';
import { findDeleteStatementSites } from './delete-statement-sites.js';
import { findIndexShiftSites } from './index-shift-sites.js';
import { findNegateConditionSites } from './negate-condition-sites.js';
import type { OperatorContext } from './operator-context.js';
import { findReturnValueSites } from './return-value-sites.js';
import { findSwapArgumentsSites } from './swap-arguments-sites.js';

/** The rewrites one operator proposes in one exec function. */
export function findMutationSites(context: OperatorContext, operator: MutationOperator): MutationSite[] {
  switch (operator) {
    case 'relational-operator':
    case 'arithmetic-operator':
    case 'logical-operator':
      return findBinaryOperatorSites(context, operator);
    case 'constant':
      return findConstantSites(context);
    case 'negate-condition':
      return findNegateConditionSites(context);
    case 'delete-statement':
      return findDeleteStatementSites(context);
    case 'return-value':
      return findReturnValueSites(context);
    case 'index-shift':
      return findIndexShiftSites(context);
    case 'swap-arguments':
      return findSwapArgumentsSites(context);
    default:
      return assertNever(operator, 'mutation operator');
  }
}
