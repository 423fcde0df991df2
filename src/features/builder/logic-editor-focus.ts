/**
 * Focus inside the logic editor. Adding a rule, group or condition moves focus to its first control; removing one
 * moves it to a neighbour (or to the button that adds another), so keyboard users never fall back to the page.
 * The control to focus may not exist yet when the command runs: it is focused after the editor's next render.
 */
import { createContext, useContext, useEffect, useId, useMemo, useRef } from 'react';

type LogicControl = 'add-condition' | 'condition-action' | 'add-group' | 'group-match' | 'add-rule' | 'rule-when';

export interface LogicFocus {
  /** The DOM id of a control: `control` of the condition, group or rule `ownerId` ('' for add-condition). */
  controlId: (control: LogicControl, ownerId?: string) => string;
  /** Focuses that control once the editor has rendered the change. */
  focusAfterRender: (control: LogicControl, ownerId?: string) => void;
}

export const LogicFocusContext = createContext<LogicFocus | null>(null);

export function useLogicFocus(): LogicFocus {
  const focus = useContext(LogicFocusContext);
  if (!focus) throw new Error('useLogicFocus: outside the logic editor');
  return focus;
}

/** For the editor's root, which re-renders on every change to the element's logic. */
export function useLogicFocusRoot(): LogicFocus {
  const prefix = useId();
  const pending = useRef<string | null>(null);

  useEffect(() => {
    const id = pending.current;
    if (id === null) return;
    const element = document.getElementById(id);
    if (!element) return;
    pending.current = null;
    element.focus();
  });

  return useMemo<LogicFocus>(() => {
    const controlId = (control: LogicControl, ownerId = '') => `${prefix}-${control}-${ownerId}`;
    return {
      controlId,
      focusAfterRender: (control, ownerId) => {
        pending.current = controlId(control, ownerId);
      },
    };
  }, [prefix]);
}
