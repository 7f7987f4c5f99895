// The pieces every staff page is framed with: the link back (keeping ?lang), a quiet note, a status
// line that screen readers announce.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { staffLink } from './staffLink.ts';
import './staff-kit.css';

/** The link back to a parent page (by default the console home). */
export function BackLink({ to = '/staff', children }: { to?: string; children: ReactNode }) {
  const { search } = useLocation();
  return (
    <p className="staff-back">
      <Link to={staffLink(to, search)}>{children}</Link>
    </p>
  );
}

/** A quiet remark (read-only access, nothing found). */
export function Note({ children, role }: { children: ReactNode; role?: 'note' | 'status' }) {
  return (
    <p className="staff-note" role={role}>
      {children}
    </p>
  );
}

/** What just happened (saved, refused, found n): announced politely. */
export function Status({ children, className, id }: { children: ReactNode; className?: string; id?: string }) {
  return (
    <p id={id} role="status" className={className}>
      {children}
    </p>
  );
}
