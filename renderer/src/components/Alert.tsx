import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

interface AlertProps {
  kind: 'error' | 'warning' | 'success' | 'info';
  title?: string;
  children?: ReactNode;
  /** Errors interrupt (role=alert); the rest are announced politely. */
  live?: boolean;
}

const ICONS = {
  error: CircleAlert,
  warning: TriangleAlert,
  success: CircleCheck,
  info: Info,
};

export function Alert({ kind, title, children, live = true }: AlertProps) {
  const Icon = ICONS[kind];
  const role = !live ? undefined : kind === 'error' ? 'alert' : 'status';
  return (
    <div className={`alert alert-${kind}`} role={role}>
      <Icon size={16} aria-hidden="true" />
      <div>
        {title ? <p className="alert-title">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
