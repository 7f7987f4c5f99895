// The loader of /staff/distribution-points (admins every point, a manager those of its venues):
// the points with their scans, and the forms and venues a new point may name.
import type { PageOf } from '../../../engine/contract/routes.ts';
import type { DistributionPointChoices, DistributionPointsAnswer } from '../../../engine/contract/reach.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { staffGet } from '../../staff/staffRequest.ts';

export type PointsRef = PageOf<'staff-distribution-points'>;

export interface PointsData extends PageData {
  points: DistributionPointsAnswer['docs'];
  choices: DistributionPointChoices['forms'];
}

export const loadPage: LoadPage<PointsRef, PointsData> = async ({ page, signal }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const [points, choices] = await Promise.all([
    staffGet<DistributionPointsAnswer>('/api/distribution-points', signal),
    staffGet<DistributionPointChoices>('/api/distribution-points/choices', signal),
  ]);
  return { languages: page.languages, points: points.docs, choices: choices.forms };
};
