import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { isAdmin } from '@shared/rules/roles';
import { useUserInfo } from '../../api/get-user-info';
import { AdminOverview } from '../../features/admin/components/admin-overview';
import { AgreementDesk } from '../../features/agreements/components/agreement-desk';
import { ActivityDesk } from '../../features/activities/components/activity-desk';
import { HelpDesk } from '../../features/help/components/help-desk';
import { ComplaintDesk } from '../../features/complaints/components/complaint-desk';
import { FolkDesk } from '../../features/folk/components/folk-desk';
import { ServiceDesk } from '../../features/customer-service/components/service-desk';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { FinanceDesk } from '../../features/admin/components/finance-desk';
import { PackageDesk } from '../../features/admin/components/package-desk';
import { ApplicationReview } from '../../features/admin/components/application-review';
import { WorkReview } from '../../features/admin/components/work-review';

/** The back office shows itself to admins only (the server refuses everyone else anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const info = useUserInfo();
  if (info.isPending) return <Spin size="large" className="route-spinner" />;
  if (!isAdmin(info.data)) {
    return <Result status="403" title="无权访问" subTitle="审核后台仅对平台管理员开放" />;
  }
  return <AdminShell>{children}</AdminShell>;
}

/** /admin. */
export function AdminHomeRoute() {
  return (
    <AdminOnly>
      <AdminOverview />
    </AdminOnly>
  );
}

/** /admin/applications. */
export function AdminApplicationsRoute() {
  return (
    <AdminOnly>
      <ApplicationReview />
    </AdminOnly>
  );
}

/** /admin/works. */
export function AdminWorksRoute() {
  return (
    <AdminOnly>
      <WorkReview />
    </AdminOnly>
  );
}

/** /admin/finance. */
export function AdminFinanceRoute() {
  return (
    <AdminOnly>
      <FinanceDesk />
    </AdminOnly>
  );
}

/** /admin/packages. */
export function AdminPackagesRoute() {
  return (
    <AdminOnly>
      <PackageDesk />
    </AdminOnly>
  );
}

/** /admin/agreements. */
export function AdminAgreementsRoute() {
  return (
    <AdminOnly>
      <AgreementDesk />
    </AdminOnly>
  );
}

/** /admin/service. */
export function AdminServiceRoute() {
  return (
    <AdminOnly>
      <ServiceDesk />
    </AdminOnly>
  );
}

/** /admin/folk. */
export function AdminFolkRoute() {
  return (
    <AdminOnly>
      <FolkDesk />
    </AdminOnly>
  );
}

/** /admin/complaints 投诉处理. */
export function AdminComplaintsRoute() {
  return (
    <AdminOnly>
      <ComplaintDesk />
    </AdminOnly>
  );
}

/** /admin/help 帮助管理. */
export function AdminHelpRoute() {
  return (
    <AdminOnly>
      <HelpDesk />
    </AdminOnly>
  );
}

/** /admin/activities 活动管理. */
export function AdminActivitiesRoute() {
  return (
    <AdminOnly>
      <ActivityDesk />
    </AdminOnly>
  );
}
