// Entry of the account site's page script (vite.web.config.ts builds it to
// account/assets/account-site.js, the path the page at /account/ loads).
import { startAccountSite } from './account-site';

startAccountSite();
