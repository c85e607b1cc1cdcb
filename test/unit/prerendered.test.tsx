import { describePrerendered } from './prerendered-contract';

describePrerendered('Node', 'unit');
