/**
 * One rule as a closure over slot numbers (see compile.ts for the semantics). Internal to src/domain/logic.
 */
import type { Answers } from '../answers';
import { isEmptyAnswer } from '../answers';
import type { InputSubtype, LogicRule, Predicate } from '../form-document';

/** Whether something holds for these answers. */
export type Test = (answers: Answers) => boolean;

type Kind = 'text' | 'number' | 'option' | 'checkbox';

function kindOf(subtype: InputSubtype): Kind {
  switch (subtype) {
    case 'textInput':
    case 'textarea':
    case 'phoneNumber':
    case 'email':
      return 'text';
    case 'integer':
      return 'number';
    case 'radio':
    case 'dropdown':
      return 'option';
    case 'checkbox':
      return 'checkbox';
    default:
      return assertNever(subtype);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected value ${String(value)}`);
}

function normaliseText(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? null : text.toLowerCase();
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return null;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? NaN : Number(text);
  }
  return NaN;
}

/**
 * One input as rules read it. The last raw answer seen and its normalised forms are kept, so an answer that has not
 * changed since the previous pass is not trimmed, lower-cased or parsed again. (Initial state: the raw answer
 * undefined, whose normal forms are null and NaN.)
 */
export interface Cell {
  readonly id: string;
  readonly slot: number;
  readonly kind: Kind;
  textRaw: unknown;
  text: string | null;
  numberRaw: unknown;
  number: number;
}

export function newCell(id: string, slot: number, subtype: InputSubtype): Cell {
  return { id, slot, kind: kindOf(subtype), textRaw: undefined, text: null, numberRaw: undefined, number: NaN };
}

function cellText(cell: Cell, value: unknown): string | null {
  if (value !== cell.textRaw) {
    cell.textRaw = value;
    cell.text = normaliseText(value);
  }
  return cell.text;
}

function cellNumber(cell: Cell, value: unknown): number {
  if (value !== cell.numberRaw) {
    cell.numberRaw = value;
    cell.number = toNumber(value);
  }
  return cell.number;
}

const NEVER: Test = () => false;

type NumberCompare = (left: number, right: number) => boolean;
type TextCompare = (left: string | null, right: string) => boolean;

// NaN (no answer, or not a number) fails every comparison, so NOT_EQ is written as a negation to hold for it.
const NUMBER_COMPARE: Partial<Record<Predicate, NumberCompare>> = {
  EQ: (left, right) => left === right,
  NOT_EQ: (left, right) => !(left === right),
  GT: (left, right) => left > right,
  LT: (left, right) => left < right,
  GTE: (left, right) => left >= right,
  LTE: (left, right) => left <= right,
};

const TEXT_COMPARE: Partial<Record<Predicate, TextCompare>> = {
  EQ: (left, right) => left === right,
  NOT_EQ: (left, right) => left !== right,
  CONTAIN: (left, right) => left !== null && left.includes(right),
  NOT_CONTAIN: (left, right) => left === null || !left.includes(right),
};

/**
 * The rule as a closure. `hidden` is the pass's buffer of hidden flags by slot: a hidden trigger or reference reads
 * as no answer. The rule is one sanitizeLogic keeps; `reference` is its reference input's cell, if it keeps one.
 */
export function compileRuleTest(rule: LogicRule, trigger: Cell, reference: Cell | null, hidden: Uint8Array): Test {
  const slot = trigger.slot;
  const id = trigger.id;
  const predicate = rule.predicate as Predicate;

  switch (predicate) {
    case 'EMPTY':
    case 'NOT_SET':
      return (answers) => isEmptyAnswer(hidden[slot] === 1 ? undefined : answers[id]);
    case 'NOT_EMPTY':
    case 'SET':
      return (answers) => !isEmptyAnswer(hidden[slot] === 1 ? undefined : answers[id]);
    default:
      break;
  }

  switch (trigger.kind) {
    case 'number': {
      const compare = NUMBER_COMPARE[predicate];
      if (!compare) return NEVER;
      if (reference) {
        const refSlot = reference.slot;
        const refId = reference.id;
        return (answers) => {
          const right = cellNumber(reference, hidden[refSlot] === 1 ? undefined : answers[refId]);
          return right === right && compare(cellNumber(trigger, hidden[slot] === 1 ? undefined : answers[id]), right);
        };
      }
      const right = toNumber(rule.staticValue);
      if (Number.isNaN(right)) return NEVER;
      return (answers) => compare(cellNumber(trigger, hidden[slot] === 1 ? undefined : answers[id]), right);
    }
    case 'text': {
      const compare = TEXT_COMPARE[predicate];
      if (!compare) return NEVER;
      if (reference) {
        const refSlot = reference.slot;
        const refId = reference.id;
        return (answers) => {
          const right = cellText(reference, hidden[refSlot] === 1 ? undefined : answers[refId]);
          return right !== null && compare(cellText(trigger, hidden[slot] === 1 ? undefined : answers[id]), right);
        };
      }
      const right = normaliseText(rule.staticValue);
      if (right === null) return NEVER;
      return (answers) => compare(cellText(trigger, hidden[slot] === 1 ? undefined : answers[id]), right);
    }
    case 'option': {
      const negate = predicate === 'NOT_EQ';
      if (predicate !== 'EQ' && !negate) return NEVER;
      if (reference) {
        const refSlot = reference.slot;
        const refId = reference.id;
        return (answers) => {
          const right = hidden[refSlot] === 1 ? undefined : answers[refId];
          if (typeof right !== 'string' || right === '') return false;
          return (hidden[slot] === 0 && answers[id] === right) !== negate;
        };
      }
      const right = typeof rule.staticValue === 'number' ? String(rule.staticValue) : rule.staticValue;
      if (typeof right !== 'string' || right === '') return NEVER;
      return negate ? (answers) => hidden[slot] === 1 || answers[id] !== right : (answers) => hidden[slot] === 0 && answers[id] === right;
    }
    case 'checkbox':
      // Checkbox inputs allow only SET and NOT_SET, handled above.
      return NEVER;
    default:
      return assertNever(trigger.kind);
  }
}
