// The frame of every staff page (the router draws it around each page kind whose PAGE_KINDS entry has
// `staff`): the navigation beside the page (above it, behind a menu button, on a phone).
import type { ComponentType, ReactNode } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { StaffFrameData } from './staffPage.ts';
import { StaffNav } from './StaffNav.tsx';
import './staff-nav.css';

export function StaffFrame({ children }: { children: ReactNode }) {
  const { staffFrame } = useLoaderData() as { staffFrame?: StaffFrameData };
  if (!staffFrame?.nav) return children;
  return (
    <div className="staff-frame">
      <StaffNav links={staffFrame.nav} />
      <div className="staff-frame-page">{children}</div>
    </div>
  );
}

/** A staff page kind's component inside the frame (routeObjects.tsx loads this module for staff pages only). */
export function framedPage(Page: ComponentType): ComponentType {
  return function FramedStaffPage() {
    return (
      <StaffFrame>
        <Page />
      </StaffFrame>
    );
  };
}
