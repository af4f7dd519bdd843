import { useRef, type ReactNode } from 'react';
import { useFocusOnNavigation } from '../lib/use-focus-on-navigation.ts';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnNavigation(heading);
  return (
    <div className="page-header">
      <div>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {description ? <p>{description}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}
