// routes.json is the single list of routes and per-route settings (the lead's file).
import type { RoutesTable } from '../../engine/routes.ts';
import table from '../../../routes.json';

export const routesTable = table as unknown as RoutesTable;
