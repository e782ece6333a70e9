export interface BenchReport { name: string; lines: string[]; metrics: Record<string, number>; }
