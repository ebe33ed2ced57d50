import { AboutPage } from '../../features/help/components/about-page';
import { HelpCentrePage } from '../../features/help/components/help-centre-page';

// Help centre and site information (issue 13, docs/help.md). The left navigation of categories is
// the personal layout's (layouts.tsx), so it stays while the reader moves between articles.

/** /help and /help/{category alias}/{article id}: the buyers' help centre. */
export const HelpRoute = () => <HelpCentrePage audience="buyer" />;

/** /helpCenter and /helpCenter/{category alias}?id={article id}: the designers' help centre. */
export const DesignHelpRoute = () => <HelpCentrePage audience="designer" />;

/** /about 关于我们. */
export const AboutRoute = () => <AboutPage />;
