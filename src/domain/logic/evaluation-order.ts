/**
 * The order that resolves visibility in one pass. Internal to src/domain/logic.
 *
 * An element depends on its page or section (a hidden container hides it) and on the trigger and reference inputs of
 * its rules (a hidden input counts as no answer). Evaluating dependencies first — document order wherever the logic
 * allows it — resolves chains in one pass, including rules that look at later inputs. A cycle has no such order; the
 * save path refuses it (findLogicCycle).
 */

export interface EvaluationOrder {
  /** Every slot, each after the slots it depends on (except along a cycle). */
  order: Int32Array;
  /** The first cycle found, as slots where each depends on the next and the last on the first; null when none. */
  cycle: number[] | null;
}

/**
 * Depth-first post-order from each element in document order. A slot depends on `parents[slot]` (unless -1), then on
 * the slots its rules read, `list[start[slot]]` up to (not including) `list[end[slot]]`. Iterative, so a chain
 * thousands of links long cannot overflow the stack.
 */
export function orderForEvaluation(parents: Int32Array, list: readonly number[], start: Int32Array, end: Int32Array): EvaluationOrder {
  const count = parents.length;
  const state = new Uint8Array(count); // 0 unseen, 1 on the current path, 2 done
  const order = new Int32Array(count);
  let ordered = 0;
  let cycle: number[] | null = null;
  const path: number[] = [];
  // Per path entry: how many of its dependencies were visited; dependency 0 is the container.
  const visited: number[] = [];
  for (let root = 0; root < count; root++) {
    if (state[root] !== 0) continue;
    path.push(root);
    visited.push(0);
    state[root] = 1;
    while (path.length > 0) {
      const top = path.length - 1;
      const slot = path[top];
      const position = visited[top]++;
      if (position === 0 || position <= end[slot] - start[slot]) {
        const dependency = position === 0 ? parents[slot] : list[start[slot] + position - 1];
        if (dependency === -1) continue;
        if (state[dependency] === 0) {
          state[dependency] = 1;
          path.push(dependency);
          visited.push(0);
        } else if (state[dependency] === 1 && cycle === null) {
          cycle = path.slice(path.indexOf(dependency));
        }
      } else {
        path.pop();
        visited.pop();
        state[slot] = 2;
        order[ordered++] = slot;
      }
    }
  }
  return { order, cycle };
}
