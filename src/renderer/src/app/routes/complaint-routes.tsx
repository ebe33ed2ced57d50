import { MyComplaintsPage } from '../../features/complaints/components/my-complaints-page';

/** /user/complaints 我的投诉 (complaints I filed and those against my works). */
export function MyComplaintsRoute() {
  return <MyComplaintsPage />;
}
