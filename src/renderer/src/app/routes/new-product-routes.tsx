import { MyNewProductsPage } from '../../features/new-products/components/my-new-products-page';
import { NewProductDesignPage } from '../../features/new-products/components/new-product-design-page';
import { PushBeforeBuyPage } from '../../features/new-products/components/push-before-buy-page';

/** /design/index 新品生成 (public; generating asks for sign-in). */
export function NewProductDesignRoute() {
  return <NewProductDesignPage />;
}

/** /user/myTemplate 我的新品. */
export function MyNewProductsRoute() {
  return <MyNewProductsPage />;
}

/** /design/work/PushBeforeBuy 先推后买. */
export function PushBeforeBuyRoute() {
  return <PushBeforeBuyPage />;
}
