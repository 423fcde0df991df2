/**
 * The right-hand pane: the selected element's properties and logic, the form's settings and its button style, as
 * tabs. Selecting an element opens its properties (unless its logic is being looked at: then the logic of the next
 * one); 'Edit logic' opens the Logic tab; a refused save opens the panel holding the problem; an undo or redo opens
 * the panel holding what it changed.
 */
import { useEffect, useRef, useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useAppSelector } from '../../app/hooks';
import { ButtonStyleEditor } from './button-style-editor';
import { ElementProperties } from './element-properties';
import { FormSettingsEditor } from './form-settings-editor';
import { selectHistoryStep, selectLogicEditorRequests, selectSaveProblem, selectSelectedElementId } from './form-selectors';
import type { EditKind, SaveProblem } from './form-state';
import { LogicEditor } from './logic-editor';

type PaneTab = 'element' | 'logic' | 'form' | 'button';

const TABS_ID = 'builder-properties-tabs';
const TAB_OF_PROBLEM: Record<SaveProblem, PaneTab> = { settings: 'form', buttonStyle: 'button', elements: 'element', logic: 'logic' };
/** The panel showing what an undo or redo changed (null: the one showing now will do). */
const TAB_OF_EDIT: Record<EditKind, PaneTab | null> = {
  add: null,
  move: null,
  clone: null,
  remove: null,
  update: 'element',
  logic: 'logic',
  settings: 'form',
  buttonStyle: 'button',
  reload: null,
};

function NoElementSelected({ what }: { what: string }) {
  return (
    <div className="builder-empty-pane">
      <p className="mb-1 fw-semibold">No element selected</p>
      <p className="mb-0">{what}</p>
    </div>
  );
}

export function PropertiesPane() {
  const selectedId = useAppSelector(selectSelectedElementId);
  const problem = useAppSelector(selectSaveProblem);
  const [tab, setTab] = useState<PaneTab>(selectedId ? 'element' : 'form');
  const [seenSelection, setSeenSelection] = useState(selectedId);
  const [seenProblem, setSeenProblem] = useState(problem);
  const logicRequests = useAppSelector(selectLogicEditorRequests);
  const [seenLogicRequests, setSeenLogicRequests] = useState(logicRequests);
  const requestsAtMount = useRef(logicRequests);
  const historyStep = useAppSelector(selectHistoryStep);
  const [seenHistoryStep, setSeenHistoryStep] = useState(historyStep);

  // Adjusting state while rendering (React's pattern for "reset on prop change"): no extra commit.
  if (selectedId !== seenSelection) {
    setSeenSelection(selectedId);
    if (selectedId && tab !== 'logic') setTab('element');
  }
  if (logicRequests !== seenLogicRequests) {
    setSeenLogicRequests(logicRequests);
    setTab('logic');
  }
  if (problem !== seenProblem) {
    setSeenProblem(problem);
    if (problem) setTab(TAB_OF_PROBLEM[problem]);
  }
  if (historyStep !== seenHistoryStep) {
    setSeenHistoryStep(historyStep);
    const shows = historyStep && TAB_OF_EDIT[historyStep.edit.kind];
    if (shows && (selectedId || (shows !== 'element' && shows !== 'logic'))) setTab(shows);
  }

  // Where the tab row scrolls sideways (a narrow pane), the selected tab stays in view (sideways only: the page
  // itself must not jump to the pane).
  useEffect(() => {
    const button = document.getElementById(`${TABS_ID}-tab-${tab}`);
    const row = button?.closest<HTMLElement>('.builder-tabs');
    if (!button || !row) return;
    const start = button.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    const end = start + button.getBoundingClientRect().width;
    if (start < row.scrollLeft) row.scrollLeft = start;
    else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth;
  }, [tab]);

  // 'Edit logic' takes keyboard users to the Logic tab, from where Tab goes into its panel.
  useEffect(() => {
    if (logicRequests !== requestsAtMount.current) document.getElementById(`${TABS_ID}-tab-logic`)?.focus();
  }, [logicRequests]);

  return (
    <section className="builder-properties" aria-label="Properties">
      <Tabs
        id={TABS_ID}
        activeKey={tab}
        onSelect={(key) => key && setTab(key as PaneTab)}
        mountOnEnter
        unmountOnExit
        className="builder-tabs"
      >
        <Tab eventKey="element" title="Element">
          {selectedId ? (
            <ElementProperties key={selectedId} id={selectedId} />
          ) : (
            <NoElementSelected what="Select an element on the form to edit its properties, or add one from the palette." />
          )}
        </Tab>
        <Tab eventKey="logic" title="Logic">
          {selectedId ? (
            <LogicEditor key={selectedId} id={selectedId} />
          ) : (
            <NoElementSelected what="Select an element on the form to show or hide it depending on the answers to other inputs." />
          )}
        </Tab>
        <Tab eventKey="form" title="Form settings">
          <FormSettingsEditor />
        </Tab>
        <Tab eventKey="button" title="Button style">
          <ButtonStyleEditor />
        </Tab>
      </Tabs>
    </section>
  );
}
