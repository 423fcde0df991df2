/**
 * The right-hand pane: the selected element's properties, the form's settings and its button style, as tabs.
 * Selecting an element opens its properties; a refused save opens the panel holding the problem.
 */
import { useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useAppSelector } from '../../app/hooks';
import { ButtonStyleEditor } from './button-style-editor';
import { ElementProperties } from './element-properties';
import { FormSettingsEditor } from './form-settings-editor';
import { selectSaveProblem, selectSelectedElementId } from './form-slice';
import type { SaveProblem } from './form-slice';

type PaneTab = 'element' | 'form' | 'button';

const TAB_OF_PROBLEM: Record<SaveProblem, PaneTab> = { settings: 'form', buttonStyle: 'button', elements: 'element' };

export function PropertiesPane() {
  const selectedId = useAppSelector(selectSelectedElementId);
  const problem = useAppSelector(selectSaveProblem);
  const [tab, setTab] = useState<PaneTab>(selectedId ? 'element' : 'form');
  const [seenSelection, setSeenSelection] = useState(selectedId);
  const [seenProblem, setSeenProblem] = useState(problem);

  // Adjusting state while rendering (React's pattern for "reset on prop change"): no extra commit.
  if (selectedId !== seenSelection) {
    setSeenSelection(selectedId);
    if (selectedId) setTab('element');
  }
  if (problem !== seenProblem) {
    setSeenProblem(problem);
    if (problem) setTab(TAB_OF_PROBLEM[problem]);
  }

  return (
    <section className="builder-properties" aria-label="Properties">
      <Tabs
        id="builder-properties-tabs"
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
            <div className="builder-empty-pane">
              <p className="mb-1 fw-semibold">No element selected</p>
              <p className="mb-0">Select an element on the form to edit its properties, or add one from the palette.</p>
            </div>
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
