import { LoaderCircle } from 'lucide-react';

/** A decorative spinner; the surrounding text or aria-busy says what is loading. */
export function Spinner({ size = 16 }: { size?: number }) {
  return <LoaderCircle className="spin" size={size} aria-hidden="true" />;
}
