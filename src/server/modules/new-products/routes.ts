import type { FastifyInstance } from 'fastify';
import {
  deleteNewProduct,
  generateNewProduct,
  getMyNewProducts,
  getNewProductSource,
  getNewProductTemplates,
  renameNewProduct,
} from '@shared/contract/new-products';
import { registerCall } from '../../http/register-call';
import * as newProducts from './new-product-service';
import { publicTemplates } from './templates';

// 新品生成, 我的新品 and 先推后买 (docs/new-products.md).

export function registerNewProductsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, getNewProductTemplates, async () => publicTemplates());
  registerCall(app, getNewProductSource, async (input, { currentUser }) =>
    newProducts.sourceFor(deps, currentUser().id, input),
  );
  registerCall(app, generateNewProduct, async (input, { currentUser }) =>
    newProducts.generate(deps, currentUser().id, input),
  );
  registerCall(app, getMyNewProducts, async (input, { currentUser }) =>
    newProducts.myNewProducts(deps, currentUser().id, input),
  );
  registerCall(app, renameNewProduct, async (input, { currentUser }) =>
    newProducts.rename(deps, currentUser().id, input.id, input.title),
  );
  registerCall(app, deleteNewProduct, async (input, { currentUser }) =>
    newProducts.remove(deps, currentUser().id, input.id),
  );
}
