export declare const chromiumFlags: string[];
export declare function chromiumPath(): string;
