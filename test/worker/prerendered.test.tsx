import { describePrerendered } from '../unit/prerendered-contract';

// The render to keep runs on workerd's own timers and streams, beside the page's.
describePrerendered('workerd', 'worker');
