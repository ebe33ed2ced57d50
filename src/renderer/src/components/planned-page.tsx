import { Typography } from 'antd';

type PlannedPageProps = { title: string };

/** A route whose page a later issue builds: its title in its layout, and nothing pretending to work. */
export function PlannedPage({ title }: PlannedPageProps) {
  return (
    <section className="planned-page" data-testid="planned-page">
      <Typography.Title level={2}>{title}</Typography.Title>
    </section>
  );
}
