import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
}

/** A titled card: one section of a page, labelled by its heading. */
export function SectionCard({ title, description, actions, children, id }: SectionCardProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section className="card" id={id} aria-labelledby={headingId}>
      <div className="card-header">
        <div>
          {/* Focusable from the page's section links without joining the tab order. */}
          <h2 id={headingId} tabIndex={-1}>
            {title}
          </h2>
          {description ? <p>{description}</p> : null}
        </div>
        {actions}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
