import type { Role } from '../routing/dashboardRoutes';

/** product.md §2: bailiffs have no news (no news tab in the bell). */
export function canSeeNews(role: Role): boolean {
  return role !== 'BAILIFF';
}
