import { describe, expect, it } from 'vitest';
import { describeLogicCycle, findLogicCycle } from '../../../../src/domain/logic/cycles';
import { logicConfig, logicDocument, logicOf, rule } from './logic-fixtures';

const cycleOf = (logic: ReturnType<typeof logicOf>) => findLogicCycle(logic, logicDocument());

describe('findLogicCycle', () => {
  it('finds none in a chain, forwards or backwards', () => {
    const logic = logicOf(
      [
        logicConfig('text2', [[rule('r1', 'text', 'NOT_EMPTY')]]),
        logicConfig('target', [[rule('r2', 'text2', 'EQ', 'x')]]),
        logicConfig('text', [[rule('r3', 'deep', 'NOT_EMPTY')]]),
        logicConfig('s1', [[rule('r4', 'num', 'GT', 1, 'num2')]], 'HIDE', 'section'),
      ],
      [logicConfig('p2', [[rule('r5', 'boxes', 'SET')]], 'SHOW', 'page')],
    );
    expect(cycleOf(logic)).toBeNull();
  });

  it('finds two inputs that show each other', () => {
    const logic = logicOf([logicConfig('text', [[rule('r1', 'text2', 'NOT_EMPTY')]]), logicConfig('text2', [[rule('r2', 'text', 'NOT_EMPTY')]])]);
    expect(cycleOf(logic)).toEqual(['text', 'text2']);
  });

  it('finds an input whose rule reads its own answer', () => {
    expect(cycleOf(logicOf([logicConfig('text', [[rule('r1', 'text', 'EQ', 'x')]], 'HIDE')]))).toEqual(['text']);
  });

  it('finds a section that depends on an input inside it', () => {
    expect(cycleOf(logicOf([logicConfig('s1', [[rule('r1', 'inner', 'NOT_EMPTY')]], 'SHOW', 'section')]))).toEqual(['s1', 'inner']);
  });

  it('finds a page that depends on an input in one of its sections', () => {
    expect(cycleOf(logicOf([], [logicConfig('p2', [[rule('r1', 'deep', 'EMPTY')]], 'HIDE', 'page')]))).toEqual(['p2', 'deep', 's2']);
  });

  it('finds a cycle through a reference value and a container', () => {
    // later (p2) compares with text2; text2 shows when deep (in s2 on p2) is set; s2 shows when later is set.
    const logic = logicOf([
      logicConfig('target', [[rule('r1', 'later', 'EQ', null, 'text2')]]),
      logicConfig('text2', [[rule('r2', 'deep', 'NOT_EMPTY')]]),
      logicConfig('s2', [[rule('r3', 'target', 'NOT_EMPTY')]], 'SHOW', 'section'),
    ]);
    expect(cycleOf(logic)).toEqual(['text2', 'deep', 's2', 'target']);
  });

  it('ignores incomplete rules, which cannot make a form unsaveable', () => {
    expect(cycleOf(logicOf([logicConfig('text', [[rule('r1', 'text', 'EQ', null)]])]))).toBeNull();
    expect(cycleOf(logicOf([logicConfig('text', [[rule('r1', 'text', 'GT', 1)]])]))).toBeNull();
  });

  it('handles long chains without running out of stack', () => {
    const document = logicDocument();
    const page = document[0];
    const count = 20_000;
    for (let k = 0; k < count; k++) page.children.push({ ...page.children[0], id: `c${k}`, dataName: `c${k}` } as (typeof page.children)[number]);
    const configs = [];
    for (let k = 1; k < count; k++) configs.push(logicConfig(`c${k}`, [[rule(`r${k}`, `c${k - 1}`, 'NOT_EMPTY')]]));
    expect(findLogicCycle(logicOf(configs), document)).toBeNull();
    configs.push(logicConfig('c0', [[rule('back', `c${count - 1}`, 'NOT_EMPTY')]]));
    expect(findLogicCycle(logicOf(configs), document)).toHaveLength(count);
  });
});

describe('describeLogicCycle', () => {
  it('names every element on the cycle and how each depends on the next', () => {
    expect(describeLogicCycle(['s1', 'inner'], logicDocument())).toBe(
      'Conditional logic goes round in a circle: section “Section one” depends on the answer to “inner”, ' +
        'which is inside section “Section one”. Change or remove one of these rules.',
    );
    expect(describeLogicCycle(['text'], logicDocument())).toBe(
      'Conditional logic goes round in a circle: “text” depends on the answer to “text”. Change or remove one of these rules.',
    );
  });
});
