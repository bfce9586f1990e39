import { t } from '../../../../src/i18n';
import type { QuantityProblem } from './quantities';

/** The message under a quantity or price field, with the available count when that is the problem. */
export function ProblemText({ id, problem, available }: { id: string; problem: QuantityProblem | null; available?: number }) {
  if (!problem) return null;
  return (
    <span id={id} className="stock-ops__problem" role="alert">
      {t(`stock.ops.problem.${problem}`, { count: available ?? 0 })}
    </span>
  );
}
