export declare const councilCliEntry: string;
export declare function buildCouncilCli(options?: { outDir?: string }): Promise<string>;
