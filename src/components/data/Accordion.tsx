import { useId, useState, type ReactNode } from 'react';
import '../../styles/accordion.css';

export interface AccordionItem {
  id: string;
  header: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  /** The list's accessible name. */
  label: string;
  items: readonly AccordionItem[];
  /** Several items open at once (true), or opening one closes the others (false, the default). */
  multiple?: boolean;
  /** The items open at first. */
  defaultOpen?: readonly string[];
  /** The heading level of each item's header (3 unless the page needs another). */
  headingLevel?: 2 | 3 | 4;
  onToggle?(id: string, open: boolean): void;
}

/**
 * See docs/requirements.md#shell-routes "Reusable pieces: accordion" (the studio list on small screens, the FAQ): each header is a button in a
 * heading, with aria-expanded and aria-controls naming its panel; the panel is a region labelled by its header.
 */
export function Accordion({ label, items, multiple = false, defaultOpen = [], headingLevel = 3, onToggle }: AccordionProps) {
  const [open, setOpen] = useState<readonly string[]>(defaultOpen);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) => {
    const opening = !open.includes(id);
    setOpen((current) => (opening ? (multiple ? [...current, id] : [id]) : current.filter((candidate) => candidate !== id)));
    onToggle?.(id, opening);
  };

  return (
    <div className="accordion" role="list" aria-label={label}>
      {items.map((item, index) => {
        const expanded = open.includes(item.id);
        const headerId = `${baseId}-header-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.id} className={expanded ? 'accordion-item accordion-item-open' : 'accordion-item'} role="listitem">
            <Heading className="accordion-heading">
              <button
                id={headerId}
                type="button"
                className="accordion-header"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span className="accordion-title">{item.header}</span>
                <span className="accordion-chevron" aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={headerId} className="accordion-panel" hidden={!expanded}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
