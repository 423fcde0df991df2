/**
 * Conditional logic: our compiled evaluator beside json-logic-js evaluating the same rules on the same answers, in the
 * same run (BENCHMARKS.md). The form chains 1,000 rules: input i_k's visibility depends on i_{k-1} (and, for every
 * fifth input, i_{k-2} too, joined by AND or OR), with the predicates each input type allows, mostly SHOW and some
 * HIDE, so a hidden input's answer counts as no answer down the chain.
 *
 * json-logic-js has no notion of visibility, so it runs the way an app would drive it: one rule per element, in
 * document order, over a copy of the answers in which each hidden input's answer is cleared. The answers use trimmed
 * lower-case text and numbers, on which its plain ==, !=, in and comparisons mean what our predicates mean; every
 * answer set's hidden ids are compared between the two before any figure is printed.
 *
 * Targets: ≥ 5 M rules/s (full pass p99 ≤ 0.5 ms), compile 1,000 rules ≤ 20 ms.
 * Compile is timed cold — the first compile in a fresh process, as when a server loads a form or a respondent opens
 * it — in COLD_RUNS child processes, and warm, repeated in this one.
 * Env: RULES (1000), ANSWER_SETS (500), ROUNDS (20), COLD_RUNS (7), SEED (1).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type * as JsonLogic from 'json-logic-js';
import type { RulesLogic } from 'json-logic-js';
import type { Answers } from '../src/domain/answers';
import type { AnswerValue, ConditionalLogic, FormDocument, InputElement, InputSubtype, LogicConfig, LogicRule, Predicate } from '../src/domain/form-document';
import { compileLogic } from '../src/domain/logic/index';
import { PREDICATES_BY_SUBTYPE } from '../src/domain/logic/predicates';

// json-logic-js is a UMD bundle whose named exports Node cannot see from ESM.
const jsonLogic = createRequire(import.meta.url)('json-logic-js') as typeof JsonLogic;

const RULES = Number(process.env.RULES ?? 1000);
const ANSWER_SETS = Number(process.env.ANSWER_SETS ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const COLD_RUNS = Number(process.env.COLD_RUNS ?? 7);
let seed = Number(process.env.SEED ?? 1);

/** mulberry32: a small deterministic generator, so every run measures the same form and answers. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

const SUBTYPES: InputSubtype[] = ['textInput', 'integer', 'dropdown', 'checkbox', 'email', 'textarea', 'radio', 'phoneNumber', 'integer', 'textInput'];
const WORDS = ['yes', 'no', 'maybe', 'yes please', 'not sure', 'box', 'essay'];
const STATIC_TEXT: Partial<Record<Predicate, string>> = { EQ: 'yes', NOT_EQ: 'no', CONTAIN: 'es', NOT_CONTAIN: 'x' };
const STATIC_NUMBER: Partial<Record<Predicate, number>> = { EQ: 42, NOT_EQ: 7, GT: 50, LT: 50, GTE: 25, LTE: 75 };

function makeInput(k: number, subtype: InputSubtype): InputElement {
  const options = subtype === 'radio' || subtype === 'dropdown' || subtype === 'checkbox' ? ['a', 'b', 'c'].map((o) => ({ id: `i${k}-${o}`, text: o })) : [];
  return {
    type: 'input', subtype, id: `i${k}`, parentId: 'p1', label: `Input ${k}`, dataName: `i${k}`, placeholder: '', helpText: '',
    default: { staticValue: null, referenceValueId: null }, options, minValue: null, maxValue: null, stepValue: null,
    minLength: null, maxLength: null, required: false,
  };
}

function makeRule(id: string, trigger: InputElement): LogicRule {
  const predicate = pick(PREDICATES_BY_SUBTYPE[trigger.subtype]);
  let staticValue: AnswerValue | null = null;
  if (trigger.subtype === 'integer') staticValue = STATIC_NUMBER[predicate] ?? null;
  else if (trigger.subtype === 'radio' || trigger.subtype === 'dropdown') staticValue = predicate === 'EQ' || predicate === 'NOT_EQ' ? `${trigger.id}-${pick(['a', 'b'])}` : null;
  else if (trigger.subtype !== 'checkbox') staticValue = STATIC_TEXT[predicate] ?? null;
  return { id, type: 'rule', predicate, triggerId: trigger.id, staticValue, referenceValueId: null };
}

interface Bench {
  document: FormDocument;
  logic: ConditionalLogic;
  inputs: InputElement[];
  ruleCount: number;
}

function buildForm(ruleTarget: number): Bench {
  const inputs: InputElement[] = [makeInput(0, 'textInput')];
  const conditionMap: Record<string, LogicConfig> = {};
  let ruleCount = 0;
  for (let k = 1; ruleCount < ruleTarget; k++) {
    const input = makeInput(k, SUBTYPES[k % SUBTYPES.length]);
    inputs.push(input);
    const rules = [makeRule(`r${k}a`, inputs[k - 1])];
    if (k % 5 === 0 && k >= 2 && ruleCount + 2 <= ruleTarget) rules.push(makeRule(`r${k}b`, inputs[k - 2]));
    ruleCount += rules.length;
    conditionMap[input.id] = {
      id: `cfg${k}`,
      element: { id: input.id, type: 'input' },
      conditions: [
        {
          id: `c${k}`,
          expression: [{ id: `g${k}`, type: 'group', operator: k % 10 === 0 ? 'AND' : 'OR', rules }],
          actions: [{ key: 'TOGGLE_VISIBILITY', value: random() < 0.8 ? 'SHOW' : 'HIDE' }],
        },
      ],
    };
  }
  const document: FormDocument = [{ type: 'page', id: 'p1', title: 'Chain', children: inputs }];
  return { document, logic: { conditionMap, pageMap: {} }, inputs, ruleCount };
}

function randomAnswers(inputs: InputElement[]): Answers {
  const answers: Answers = {};
  for (const input of inputs) {
    if (random() < 0.12) continue;
    switch (input.subtype) {
      case 'integer':
        answers[input.id] = Math.floor(random() * 101);
        break;
      case 'radio':
      case 'dropdown':
        answers[input.id] = pick(input.options).id;
        break;
      case 'checkbox':
        answers[input.id] = input.options.filter(() => random() < 0.4).map((option) => option.id);
        break;
      default:
        answers[input.id] = random() < 0.05 ? '' : pick(WORDS);
    }
  }
  return answers;
}

// ---- The same rules in JsonLogic ----

function ruleToJsonLogic(rule: LogicRule, trigger: InputElement): RulesLogic {
  const value = { var: trigger.id };
  const answered: RulesLogic = { '!=': [value, null] };
  const s = rule.staticValue as string | number;
  switch (rule.predicate) {
    case 'EQ':
      return { '==': [value, s] };
    case 'NOT_EQ':
      return { '!=': [value, s] };
    // null < 50 is true in JavaScript: a numeric comparison needs an answer first.
    case 'GT':
      return { and: [answered, { '>': [value, s as number] }] };
    case 'LT':
      return { and: [answered, { '<': [value, s as number] }] };
    case 'GTE':
      return { and: [answered, { '>=': [value, s as number] }] };
    case 'LTE':
      return { and: [answered, { '<=': [value, s as number] }] };
    case 'CONTAIN':
      return { in: [s as string, value] };
    case 'NOT_CONTAIN':
      return { '!': { in: [s as string, value] } };
    // 0 is falsy in JsonLogic, so integers test for null; text, choices and lists ('' and [] falsy) test truthiness.
    case 'EMPTY':
      return trigger.subtype === 'integer' ? { '==': [value, null] } : { '!': value };
    case 'NOT_EMPTY':
      return trigger.subtype === 'integer' ? answered : { '!!': value };
    case 'SET':
      return { '!!': value };
    case 'NOT_SET':
      return { '!': value };
    default:
      throw new Error(`No JsonLogic for ${rule.predicate}`);
  }
}

interface JsonLogicElement {
  id: string;
  logic: RulesLogic;
  show: boolean;
}

function toJsonLogic(bench: Bench): JsonLogicElement[] {
  const byId = new Map(bench.inputs.map((input) => [input.id, input]));
  return bench.inputs.flatMap((input) => {
    const config = bench.logic.conditionMap[input.id];
    if (!config) return [];
    const condition = config.conditions[0];
    const group = condition.expression[0];
    const rules = group.rules.map((rule) => ruleToJsonLogic(rule, byId.get(rule.triggerId!)!));
    const logic: RulesLogic = rules.length === 1 ? rules[0] : group.operator === 'AND' ? { and: rules } : { or: rules };
    return [{ id: input.id, logic, show: condition.actions[0].value === 'SHOW' }];
  });
}

function jsonLogicHiddenIds(elements: JsonLogicElement[], answers: Answers): Set<string> {
  const data: Record<string, unknown> = { ...answers };
  const hidden = new Set<string>();
  for (const element of elements) {
    const holds = jsonLogic.truthy(jsonLogic.apply(element.logic, data));
    if (holds !== element.show) {
      hidden.add(element.id);
      data[element.id] = null;
    }
  }
  return hidden;
}

// ---- Measuring ----

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.5);
const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`;
const perSecond = (value: number) => (value >= 1e6 ? `${(value / 1e6).toFixed(2)} M/s` : `${(value / 1e3).toFixed(0)} k/s`);

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

function main() {
  const bench = buildForm(RULES);

  const coldCompiles = Array.from({ length: COLD_RUNS }, coldCompileInChild);
  const compileCold = median(coldCompiles);
  const compiled = compileLogic(bench.document, bench.logic);
  const warmCompiles: number[] = [];
  let started: number;
  for (let i = 0; i < 30; i++) {
    started = performance.now();
    compileLogic(bench.document, bench.logic);
    warmCompiles.push(performance.now() - started);
  }
  if (compiled.ruleCount !== bench.ruleCount) throw new Error(`compiled ${compiled.ruleCount} rules, expected ${bench.ruleCount}`);
  if (compiled.cycle) throw new Error('the benchmark form should not be cyclic');
  const answerSets = Array.from({ length: ANSWER_SETS }, () => randomAnswers(bench.inputs));

  started = performance.now();
  const jsonElements = toJsonLogic(bench);
  const jsonBuild = performance.now() - started;

  // Same visibility on every answer set, before anything is timed.
  let mismatches = 0;
  let hiddenTotal = 0;
  for (const answers of answerSets) {
    const ours = compiled.hiddenIds(answers);
    hiddenTotal += ours.size;
    if (!sameSet(ours, jsonLogicHiddenIds(jsonElements, answers))) mismatches += 1;
  }

  const timings = { ours: [] as number[], jsonLogic: [] as number[] };
  const runOurs = (answers: Answers) => compiled.hiddenIds(answers).size;
  const runJsonLogic = (answers: Answers) => jsonLogicHiddenIds(jsonElements, answers).size;
  let sink = 0;
  // Warm both up, then alternate rounds so drift on a shared machine hits both alike.
  for (let round = 0; round < 3; round++) for (const answers of answerSets) sink += runOurs(answers) + runJsonLogic(answers);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of [['ours', runOurs], ['jsonLogic', runJsonLogic]] as const) {
      const into = timings[name];
      for (const answers of answerSets) {
        const t0 = performance.now();
        sink += run(answers);
        into.push(performance.now() - t0);
      }
    }
  }

  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const total = values.reduce((sum, value) => sum + value, 0);
    return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), rulesPerSecond: (bench.ruleCount * values.length) / (total / 1000) };
  };
  const ours = summary(timings.ours);
  const theirs = summary(timings.jsonLogic);
  const passes = timings.ours.length;

  console.log(
    `Conditional logic: ${bench.ruleCount} chained rules on ${bench.inputs.length} inputs; ${ANSWER_SETS} random answer sets × ${ROUNDS} rounds ` +
      `= ${passes} full passes each; Node ${process.version}; this machine, this run.`,
  );
  console.log(`Average hidden per pass: ${(hiddenTotal / ANSWER_SETS).toFixed(0)} of ${bench.inputs.length} inputs.`);
  console.table({
    'ours (compileLogic)': {
      'rules/s': perSecond(ours.rulesPerSecond),
      'full pass p50': ms(ours.p50),
      'full pass p99': ms(ours.p99),
      compile: `cold ${ms(compileCold)} (${ms(Math.min(...coldCompiles))}–${ms(Math.max(...coldCompiles))}), warm ${ms(median(warmCompiles))}`,
    },
    'json-logic-js 2.0.5 (baseline)': {
      'rules/s': perSecond(theirs.rulesPerSecond),
      'full pass p50': ms(theirs.p50),
      'full pass p99': ms(theirs.p99),
      compile: `none (building the JSON rules: ${ms(jsonBuild)})`,
    },
    target: { 'rules/s': '≥ 5.00 M/s', 'full pass p50': '', 'full pass p99': '≤ 0.500 ms', compile: '≤ 20 ms' },
  });
  console.log(`Compile cold: median (min–max) of the first compile in ${COLD_RUNS} fresh processes; warm: median of 30 in this one.`);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `Ours vs json-logic-js: ${(ours.rulesPerSecond / theirs.rulesPerSecond).toFixed(1)}× the rules/s, p99 ${(theirs.p99 / ours.p99).toFixed(1)}× lower. ` +
      `Targets: rules/s ${verdict(ours.rulesPerSecond >= 5e6)}, p99 ${verdict(ours.p99 <= 0.5)}, compile ${verdict(compileCold <= 20)} (cold median).`,
  );
  console.log(`Same hidden ids from both on ${ANSWER_SETS - mismatches} of ${ANSWER_SETS} answer sets.`);
  // The results are summed into sink so that no run can be optimised away.
  if (sink < 0) throw new Error('unreachable');
  if (mismatches > 0) process.exitCode = 1;
}

/** The first compile in a fresh process: this file run again in the mode below. */
function coldCompileInChild(): number {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, LOGIC_BENCH_MODE: 'cold-compile' },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`cold compile run failed: ${child.stderr}`);
  return Number(child.stdout.trim());
}

if (process.env.LOGIC_BENCH_MODE === 'cold-compile') {
  const bench = buildForm(RULES);
  const started = performance.now();
  compileLogic(bench.document, bench.logic);
  console.log(performance.now() - started);
} else {
  main();
}
