// The fee schedule's routes: the quotes and the editor.
export { feesRoutes } from './routes.js';
export { feeEditorRoutes } from './editor.js';
