import type { FastifyInstance } from 'fastify';
import type { CategoryNode } from '@shared/contract/works';
import { getCategory } from '@shared/contract/works';
import { registerCall } from '../../http/register-call';
import { registerCatalogueRoutes } from './catalogue-routes';

export function registerWorksRoutes(app: FastifyInstance): void {
  registerCall(app, getCategory, async () => {
    const rows = await app.deps.db
      .selectFrom('categories')
      .selectAll()
      .orderBy('sort')
      .orderBy('kid')
      .execute();
    const nodes = new Map<number, CategoryNode>();
    for (const r of rows) {
      nodes.set(r.kid, {
        kid: r.kid,
        title: r.title,
        keys3: r.keys3,
        keys4: r.keys4,
        children: [],
      });
    }
    const roots: CategoryNode[] = [];
    for (const r of rows) {
      const node = nodes.get(r.kid);
      if (!node) continue;
      const parent = r.parent_kid === null ? undefined : nodes.get(r.parent_kid);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  });
  registerCatalogueRoutes(app);
}
