import { assertNever } from '../../core/assert-never.js';
import type { ReviewEvent } from '../review-event.js';

/**
 * Live progress of a long review on a TTY: one rewritten line with the mutants settled out of the
 * total and how many each stage settled. Without a TTY nothing is written (the report follows).
 */
export function createReviewProgress(stream: NodeJS.WriteStream): (event: ReviewEvent) => void {
  if (stream.isTTY !== true) return () => {};
  const byStage = { build: 0, test: 0, 'spec-test': 0, verus: 0, other: 0 };
  return (event) => {
    switch (event.type) {
      case 'review-started':
        if (event.originalPrecheck != null) stream.write(`review: erased pre-check of the original: ${event.originalPrecheck.detail}\n`);
        stream.write(`\rreview: ${event.mutants} mutants, ${event.probes} vacuity probes`);
        break;
      case 'mutant-settled':
        byStage[event.verdict.settledBy ?? 'other']++;
        stream.write(`\r\u001b[2Kmutants ${event.settled}/${event.total} settled (build ${byStage.build}, tests ${byStage.test}, spec tests ${byStage['spec-test']}, Verus ${byStage.verus}, unsettled ${byStage.other})`);
        break;
      case 'spec-checked': {
        const witnesses = event.checks.filter((check) => check.weakWitness !== null).length;
        const counterexamples = event.checks.reduce((total, check) => total + check.counterexamples.length, 0);
        stream.write(`\r\u001b[2Kspec tests: ${event.checks.filter((check) => check.status === 'checked').length}/${event.checks.length} function(s) checked, ${counterexamples} counterexample(s), ${witnesses} weak-postcondition witness(es)\n`);
        break;
      }
      case 'mutant-reproved':
        stream.write(`\r\u001b[2Kre-proving mutants killed by Verus: ${event.settled}/${event.total} (${event.id}: ${event.reproof.status})`);
        break;
      case 'probe-settled':
        stream.write(`\r\u001b[2Kvacuity probes ${event.settled}/${event.total}`);
        break;
      case 'review-finished':
        stream.write('\r\u001b[2K');
        break;
      default:
        assertNever(event, 'review event');
    }
  };
}
