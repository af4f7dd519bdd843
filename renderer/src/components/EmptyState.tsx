import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

export function EmptyState({ icon, title, children, actions }: EmptyStateProps) {
  return (
    <div className="state">
      <div className="state-icon" aria-hidden="true">
        {icon}
      </div>
      <p className="state-title">{title}</p>
      {children ? <p>{children}</p> : null}
      {actions ? <div className="form-actions">{actions}</div> : null}
    </div>
  );
}
