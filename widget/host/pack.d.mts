/** Types of pack.mjs (plain Node, run by build.mjs). */
export declare const AMOCRM_LOGOS: Readonly<Record<string, readonly [number, number]>>;
export declare function logoPng(width: number, height: number): Buffer;
export declare function zip(files: readonly (readonly [string, Buffer])[]): Buffer;
export declare function packAmocrm(sourceDir: string, outFile: string): string[];
