/**
 * npm run new:entity -- <name> <field>:<type>[:required] …
 * e.g. npm run new:entity -- sponsors name:text:required website:url logo:image tier:choice:Gold,Silver,Bronze isActive:boolean
 * Types: text, longtext, richtext, url, email, number, date, boolean, choice:<a>,<b>,…, image, ref:<entity>.
 */
import { ScaffoldError } from '../scaffold/parse';
import { scaffoldEntity } from '../scaffold/write';

try {
  const { written, edited } = scaffoldEntity(process.cwd(), process.argv.slice(2));
  console.log(['Wrote:', ...written.map((path) => `  ${path}`), 'Registered in:', ...edited.map((path) => `  ${path}`)].join('\n'));
  console.log('Next: npm run typecheck && npm test, then npm start to see it in the menu.');
} catch (error) {
  if (!(error instanceof ScaffoldError)) throw error;
  console.error(`new:entity: ${error.message}`);
  process.exit(1);
}
