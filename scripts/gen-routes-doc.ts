import { writeFileSync } from 'node:fs';
import { renderRoutesDoc } from './routes-doc';

writeFileSync('docs/routes.md', renderRoutesDoc());
console.log('docs/routes.md written');
