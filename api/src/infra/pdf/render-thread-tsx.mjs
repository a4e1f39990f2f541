// The PDF renderer's thread entry when the server runs from its TypeScript sources (tests, `npm run
// dev`): on Node 20 the tsx loader that `--import tsx` registers does not reach worker threads, so
// the thread registers it before it loads render-thread.ts (dynamically: a static import would be
// resolved first). The build (`npm start`) runs the compiled render-thread.js directly.
import { register } from 'tsx/esm/api';

register();
const { default: renderGroupBill } = await import('./render-thread.ts');
export default renderGroupBill;
