// Types for the tests' import of check-node.mjs (plain JavaScript so that any Node runs it).
export declare const NEEDED_MAJOR: number;
export declare function nodeProblem(machine: {
  version: string;
  platform: string;
  arch: string;
  pinnedInstalled: boolean;
}): string | null;
